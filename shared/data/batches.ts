// DynamoDB's batch calls (BatchGetItem, BatchWriteItem): a size limit per call, and what a throttled
// call leaves unprocessed is sent again after a short backoff, until nothing is left.

/**
 * `send` each slice of at most `max` of `requests`; it answers what was left unprocessed, which is sent
 * again (25 ms, 50 ms, ... up to 1 s apart) until none is.
 */
export async function inBatches<T>(requests: T[], max: number, send: (batch: T[]) => Promise<T[]>): Promise<void> {
  for (let start = 0; start < requests.length; start += max) {
    let pending = requests.slice(start, start + max);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
      pending = await send(pending);
    }
  }
}
