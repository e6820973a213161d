// Writes that run while their caller goes on (the engine, a correction pass), at most a few at a time:
// memory stays bounded by what is in flight, and the first failure is kept and thrown by the next call.

export class BoundedWrites {
  private readonly inFlight = new Set<Promise<void>>();
  private failure: unknown;

  constructor(private readonly max: number) {}

  /** Start `write` once fewer than `max` are in flight: waits for a free slot, not for the write. */
  async add(write: () => Promise<unknown>): Promise<void> {
    while (this.inFlight.size >= this.max) await Promise.race(this.inFlight);
    this.check();
    const running: Promise<void> = write()
      // Caught at once (a rejection nobody awaits yet would crash the process); rethrown by the next call.
      .then(
        () => undefined,
        (error: unknown) => {
          this.failure ??= error;
        },
      )
      .finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
  }

  /** Throw the first failure of a write started so far. */
  check(): void {
    if (this.failure !== undefined) throw this.failure;
  }

  /** Wait for every write started, then throw the first failure if any. */
  async done(): Promise<void> {
    await Promise.all(this.inFlight);
    this.check();
  }
}
