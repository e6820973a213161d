// What a warm function keeps in memory between requests: values that never change once written (or
// are keyed by the version they were read at), the most recently used `max` of them. A read that fails
// is not remembered.

export class MemoryCache<T> {
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly max: number) {}

  /** The value for `key`, loaded once: concurrent callers share one load. */
  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used last: the first entry is the one evicted.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const loading = load();
    loading.catch(() => this.forget(key, loading));
    this.entries.set(key, loading);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return loading;
  }

  /** Drop `key` (only while it still holds `value`, when given). */
  forget(key: string, value?: Promise<T>): void {
    if (value === undefined || this.entries.get(key) === value) this.entries.delete(key);
  }
}
