// Stands in for Lambda's SQS event source mapping: long-polls a queue, hands each batch to the real
// handler as an SQS event, deletes the messages it did not report as failed (partial batch responses)
// and leaves the rest to reappear after the visibility timeout, as AWS does. Every queue of the local
// stack is consumed through this one mechanism.
//
// Stopping never strands a message: receiving stops at once, running invocations get a grace period,
// and the messages of those still running are released (visibility 0), so the next start receives
// them at once instead of after the visibility timeout (16 minutes for an import). A released
// invocation is fenced: it deletes nothing, and the SDK clients refuseReleasedInvocations() guards
// refuse its calls, so nothing it does after the release reaches the table, bucket or queues. The
// consumers are built for redelivery (an import is processed again from scratch, a webhook attempt
// not yet recorded is made again), so the next start simply does the work again.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SQSClient,
  type Message,
  type MessageAttributeValue,
} from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSMessageAttributes, SQSRecord } from 'aws-lambda';
import { lambdaContext } from './gateway';

export type QueueHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;

export interface QueuePollerOptions {
  endpoint: string;
  queueUrl: string;
  queueArn: string;
  functionName: string;
  handler: QueueHandler;
  /** Messages per invocation (the event source's BatchSize). */
  batchSize: number;
  /** Invocations running at once (Lambda's scaling, kept small locally). */
  concurrency: number;
  timeoutMs: number;
  /**
   * Ends the long polls waiting in the emulator at once (the local stack's emulator runs in this
   * process), so a stop need not wait for them. Without it, a stop with a grace period lets them end
   * by themselves (up to WaitTimeSeconds, during the grace period), and a stop without one aborts
   * them, as nothing is released then.
   */
  endLongPolls?: () => void;
}

export interface StopOptions {
  /**
   * How long running invocations may still take before their messages are released. Default: no
   * limit (stop waits for them, as before).
   */
  graceMs?: number;
}

export interface StopReport {
  /** Invocations running when receiving stopped that finished within the grace period. */
  finished: number;
  /** Invocations still running when it ended: fenced, and their messages released. */
  released: number;
  /** Messages made visible again: those of released invocations and any received after the stop began. */
  releasedMessages: number;
}

export interface QueuePoller {
  /** Invocations running now. */
  running(): number;
  /** Stop receiving at once, give running invocations `graceMs`, release the messages of the rest. */
  stop(options?: StopOptions): Promise<StopReport>;
}

/** What a fenced SDK client throws into an invocation whose messages were released. */
export class InvocationReleased extends Error {
  override name = 'InvocationReleased';
}

interface Invocation {
  records: SQSRecord[];
  /** The handler has returned or thrown; only the delete of its done messages may follow. */
  handled: boolean;
  /** Set when the grace period ended with the handler still running: its messages went back to the queue. */
  released: boolean;
  handlerDone: Promise<void>;
  /** The whole invocation, delete included. */
  done?: Promise<void>;
}

/** The invocation whose handler is running, for the fence on the handlers' SDK clients. */
const currentInvocation = new AsyncLocalStorage<Invocation>();

/** The part of an SDK client (any service, document client included) the fence needs. */
interface MiddlewareClient {
  middlewareStack: {
    add(middleware: (next: (args: any) => Promise<any>) => (args: any) => Promise<any>, options: { step: 'initialize'; name: string }): void;
  };
}

const fenced = new WeakSet<object>();

/**
 * Fence an SDK client the handlers use: a call made by an invocation whose messages were released
 * throws InvocationReleased instead of reaching the table, bucket or queue, so a handler running on
 * after the release cannot write rows, finish an import or queue a message (the redelivery does all
 * of that again, once). Calls from outside an invocation (the API handlers) pass untouched. A request
 * already sent when the release happens still lands; every consumer tolerates that as it tolerates a
 * crash right after a write.
 */
export function refuseReleasedInvocations(client: MiddlewareClient): void {
  if (fenced.has(client)) return;
  fenced.add(client);
  client.middlewareStack.add(
    (next) => async (args) => {
      if (currentInvocation.getStore()?.released) {
        throw new InvocationReleased('The local stack is stopping: this invocation\'s messages were released for redelivery');
      }
      return next(args);
    },
    { step: 'initialize', name: 'refuseReleasedInvocations' },
  );
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function messageAttributes(attributes: Record<string, MessageAttributeValue> | undefined): SQSMessageAttributes {
  return Object.fromEntries(
    Object.entries(attributes ?? {}).map(([name, value]) => [
      name,
      {
        dataType: value.DataType ?? 'String',
        stringValue: value.StringValue,
        binaryValue: value.BinaryValue ? Buffer.from(value.BinaryValue).toString('base64') : undefined,
        stringListValues: [],
        binaryListValues: [],
      },
    ]),
  );
}

/** The record Lambda would build for a received message. */
export function toSqsRecord(message: Message, queueArn: string): SQSRecord {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId!,
    receiptHandle: message.ReceiptHandle!,
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: messageAttributes(message.MessageAttributes),
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: 'us-east-1',
  };
}

export function startQueuePoller(options: QueuePollerOptions): QueuePoller {
  const client = new SQSClient({
    endpoint: options.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const abort = new AbortController();
  let stopping = false;
  /** Receives not answered yet (the answer included: what came after the stop began is given back). */
  const receiving = new Set<Promise<void>>();
  const running = new Set<Invocation>();
  let givenBack = 0;

  /** Make messages visible again at once (at most ten entries per call). */
  async function release(receiptHandles: string[]): Promise<number> {
    let released = 0;
    for (let start = 0; start < receiptHandles.length; start += 10) {
      const batch = receiptHandles.slice(start, start + 10);
      try {
        const { Successful = [], Failed = [] } = await client.send(
          new ChangeMessageVisibilityBatchCommand({
            QueueUrl: options.queueUrl,
            Entries: batch.map((ReceiptHandle, i) => ({ Id: String(i), ReceiptHandle, VisibilityTimeout: 0 })),
          }),
        );
        released += Successful.length;
        for (const failure of Failed) {
          console.error(`${options.functionName}: a message was not released (${failure.Code}); it returns after the visibility timeout`);
        }
      } catch (error) {
        console.error(`${options.functionName}: ${batch.length} message(s) not released; they return after the visibility timeout`, error);
      }
    }
    return released;
  }

  async function receive(): Promise<Message[]> {
    const answer = client
      .send(
        new ReceiveMessageCommand({
          QueueUrl: options.queueUrl,
          MaxNumberOfMessages: options.batchSize,
          WaitTimeSeconds: 5,
          MessageSystemAttributeNames: ['All'],
          MessageAttributeNames: ['All'],
        }),
        { abortSignal: abort.signal },
      )
      .then(async ({ Messages = [] }) => {
        if (!stopping) return Messages;
        // Received while stopping: no invocation will take it, so it goes straight back.
        givenBack += await release(Messages.map((message) => message.ReceiptHandle!));
        return [];
      });
    const settled = answer.then(
      () => undefined,
      () => undefined,
    );
    receiving.add(settled);
    void settled.then(() => receiving.delete(settled));
    return answer;
  }

  async function invoke(invocation: Invocation, handled: () => void): Promise<void> {
    const { records } = invocation;
    let failed: Set<string>;
    try {
      const context = lambdaContext(options.functionName, randomUUID(), options.timeoutMs, 1024);
      const response = await currentInvocation.run(invocation, () => options.handler({ Records: records }, context));
      failed = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch (error) {
      // An invocation that throws fails its whole batch, as on AWS.
      if (!invocation.released) console.error(`${options.functionName}: invocation failed`, error);
      failed = new Set(records.map((record) => record.messageId));
    } finally {
      invocation.handled = true;
      handled();
    }
    // A released invocation's messages are back in the queue, for the next start: it deletes nothing.
    if (invocation.released) return;
    const done = records.filter((record) => !failed.has(record.messageId));
    if (done.length === 0) return;
    await client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: options.queueUrl,
        Entries: done.map((record, i) => ({ Id: String(i), ReceiptHandle: record.receiptHandle })),
      }),
    );
  }

  async function pollOnce(): Promise<void> {
    const messages = await receive();
    if (messages.length === 0) return;
    let handled!: () => void;
    const invocation: Invocation = {
      records: messages.map((message) => toSqsRecord(message, options.queueArn)),
      handled: false,
      released: false,
      handlerDone: new Promise<void>((resolve) => (handled = resolve)),
    };
    running.add(invocation);
    invocation.done = invoke(invocation, handled).finally(() => running.delete(invocation));
    await invocation.done;
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      try {
        await pollOnce();
      } catch (error) {
        if (stopping) return;
        console.error(`${options.functionName}: polling failed, retrying in 1 s`, error);
        await delay(1000);
      }
    }
  }

  /**
   * No receive may still be waiting in the emulator once messages are released: an abandoned long
   * poll stays registered there and would take them (or anything sent meanwhile) out of sight for the
   * visibility timeout.
   */
  async function endReceives(releasing: boolean): Promise<void> {
    if (options.endLongPolls) {
      // A receive still on its way registers its long poll after the first call: poke until all answered.
      for (const giveUp = Date.now() + 3000; receiving.size > 0 && Date.now() < giveUp; ) {
        options.endLongPolls();
        await Promise.race([Promise.all(receiving), delay(20)]);
      }
    } else if (!releasing) {
      // Nothing will be released: abandoning the long polls can only hide what arrives later.
      abort.abort();
    }
    // Otherwise the long polls end by themselves, within WaitTimeSeconds, during the grace period.
    await Promise.all(receiving);
  }

  async function waitForHandlers(invocations: Invocation[], graceMs: number): Promise<void> {
    if (invocations.length === 0 || graceMs <= 0) return;
    const handlers = Promise.all(invocations.map((invocation) => invocation.handlerDone));
    if (!Number.isFinite(graceMs)) return void (await handlers);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([handlers, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
  }

  async function stopNow(graceMs: number): Promise<StopReport> {
    // 1. Receive nothing more: from now on, what a receive brings goes straight back.
    stopping = true;
    // Answers already on their way start their invocation first.
    await new Promise((resolve) => setImmediate(resolve));
    const invocations = [...running];
    // 2. The running invocations get the grace period, while the outstanding receives end.
    const releasing = Number.isFinite(graceMs);
    await Promise.all([endReceives(releasing), waitForHandlers(invocations, graceMs)]);
    // 3. Those still in their handler are fenced, then their messages released.
    const late = invocations.filter((invocation) => !invocation.handled);
    for (const invocation of late) invocation.released = true;
    const released = await release(late.flatMap((invocation) => invocation.records.map((record) => record.receiptHandle)));
    // 4. The others may be deleting their done messages: let them.
    await Promise.all(invocations.filter((invocation) => !invocation.released).map((invocation) => invocation.done?.catch(() => undefined)));
    client.destroy();
    return { finished: invocations.length - late.length, released: late.length, releasedMessages: givenBack + released };
  }

  for (let i = 0; i < options.concurrency; i++) void loop();
  let stopped: Promise<StopReport> | undefined;
  return {
    running: () => running.size,
    stop: (stopOptions = {}) => (stopped ??= stopNow(stopOptions.graceMs ?? Number.POSITIVE_INFINITY)),
  };
}
