// Deliveries counted in the organization's usage without a transaction per delivery (pattern 22). A
// worker invocation holds a writer (an id of its own and a batch number that grows with each invocation
// the writer serves). The record update that ends a delivery carries the mark [writer, batch, day, time];
// once every message of the invocation is handled, its ended deliveries are ADDed per organization and
// day to the writer's tally item, one UpdateItem each, conditioned on the batch number growing.
//
// Exactly once, however the invocation ends:
// - a writer serves one invocation at a time and is dropped after any doubtful write (a failed tally
//   write, a record update whose result is unknown, an invocation past its time), so a tally whose batch
//   number is below a mark's never gets that batch later;
// - a redelivered message whose delivery already ended reads its mark: once the marking invocation's time
//   is surely over (the worker's timeout after the mark), it checks the writer's tally and, if the batch
//   is not there, counts its delivery in an item keyed by the delivery (a repeat writes the same item).
// Cost: one 1 KB write per organization and day per invocation (a tenth of a WCU per delivery in a batch
// of ten of one organization), against a transaction of two items (4 WCU) per delivery.
import { randomBytes } from 'node:crypto';
import { addToDeliveryTally, deliveryTallySeq, putRedeliveredUsage, type TallyMark, type UsageDeltas } from '../data/usage';
import { config } from '../config';
import type { WebhookMessage } from './messages';
import type { ImportRecord } from '../domain/imports';
import { log } from '../observability/logger';

interface Writer {
  id: string;
  seq: number;
}

/**
 * Writers free for the next invocation. On Lambda there is one (an instance runs one invocation at a
 * time); the local stack runs invocations side by side in one process, each with its own writer.
 */
const idle: Writer[] = [];

/** A redelivered message of a counted delivery waits while its marking invocation may still be writing. */
export class TallyNotSettledYet extends Error {}

/** The usage of an ended delivery: its outcome and the attempts it made. */
export function deliveryDeltas(status: 'DELIVERED' | 'FAILED', attempts: number): UsageDeltas {
  return { [status === 'DELIVERED' ? 'webhooksDelivered' : 'webhooksFailed']: 1, webhookAttempts: attempts };
}

interface Counted {
  message: WebhookMessage;
  day: string;
  /** undefined while the record update that ends the delivery is on its way (or failed: its outcome is unknown). */
  deltas?: UsageDeltas;
}

export class DeliveryTally {
  private readonly counted: Counted[] = [];

  private constructor(
    private readonly writer: Writer,
    private readonly seq: number,
    /** When the invocation started (ms): after the worker's timeout from then it writes nothing. */
    readonly startedAt: number,
  ) {}

  /** The tally of one invocation; close() ends it. */
  static open(now = Date.now()): DeliveryTally {
    const writer = idle.pop() ?? { id: randomBytes(6).toString('base64url'), seq: 0 };
    writer.seq += 1;
    return new DeliveryTally(writer, writer.seq, now);
  }

  /** The mark of a delivery that `message`'s record update is about to end on `day`. */
  mark(message: WebhookMessage, day: string): TallyMark {
    this.counted.push({ message, day });
    return [this.writer.id, this.seq, day, Date.now()];
  }

  /** The marked update counted the attempt (`deltas`) or found it counted already (null: nothing to add). */
  settle(message: WebhookMessage, deltas: UsageDeltas | null): void {
    const index = this.counted.findIndex((entry) => entry.message === message && entry.deltas === undefined);
    if (index < 0) return;
    if (deltas === null) this.counted.splice(index, 1);
    else this.counted[index].deltas = deltas;
  }

  /**
   * Write the tallies; answers the messages whose count is not written (to be reported as failures:
   * their redelivery counts them). The writer serves the next invocation only if every write is certain.
   */
  async close(): Promise<WebhookMessage[]> {
    const groups = new Map<string, TallyGroup>();
    for (const { message, day, deltas } of this.counted) {
      const key = `${message.organizationId}|${day}`;
      const group = groups.get(key) ?? { organizationId: message.organizationId, day, deltas: {}, counted: [], doubtful: false };
      groups.set(key, group);
      // A record update whose result is unknown may carry this batch's mark: its group is never written.
      if (!deltas) group.doubtful = true;
      else group.counted.push(message);
      for (const [name, delta] of Object.entries(deltas ?? {})) group.deltas[name] = (group.deltas[name] ?? 0) + (delta ?? 0);
    }
    // Locally nothing stops an invocation at its timeout; after it, redeliveries may already count.
    const late = Date.now() > this.startedAt + config().webhookWorkerTimeoutMs;
    const written = await Promise.all([...groups.values()].map((group) => !late && !group.doubtful && this.write(group)));
    if (written.every(Boolean)) idle.push(this.writer);
    return [...groups.values()].flatMap((group, i) => (written[i] ? [] : group.counted));
  }

  private async write(group: TallyGroup): Promise<boolean> {
    try {
      return await addToDeliveryTally(group.organizationId, group.day, this.writer.id, this.seq, group.deltas);
    } catch (error) {
      log.error('A batch of webhook deliveries was not tallied; their messages will count them', error, { deliveries: group.counted.length });
      return false;
    }
  }
}

interface TallyGroup {
  organizationId: string;
  day: string;
  deltas: Record<string, number>;
  /** The messages whose deliveries the group counts. */
  counted: WebhookMessage[];
  doubtful: boolean;
}

/**
 * `message` names the attempt that ended `record`'s delivery, already counted: make sure that delivery is
 * in the usage. Throws TallyNotSettledYet while the marking invocation may still write its tally (the
 * message comes back after the queue's visibility timeout).
 */
export async function settleCountedDelivery(message: WebhookMessage, record: ImportRecord & { webhookTally?: TallyMark }, now: number): Promise<void> {
  const mark = record.webhookTally;
  const status = record.webhookStatus;
  if (!mark || (status !== 'DELIVERED' && status !== 'FAILED')) return;
  const [writer, seq, day, markedAt] = mark;
  if (now <= markedAt + config().webhookWorkerTimeoutMs) {
    throw new TallyNotSettledYet(`The usage of delivery ${message.delivery} of ${message.importId} may still be tallied by its invocation`);
  }
  if ((await deliveryTallySeq(message.organizationId, day, writer)) >= seq) return;
  log.warn('An ended webhook delivery was not tallied; counted by its redelivered message', { delivery: message.delivery, attempt: message.attempt });
  await putRedeliveredUsage(message.organizationId, day, message.importId, message.delivery, deliveryDeltas(status, record.webhookAttempts ?? message.attempt));
}
