// Stands in for Lambda's SQS event source mapping: long-polls a queue, hands each batch to the real
// handler as an SQS event, deletes the messages it did not report as failed (partial batch responses)
// and leaves the rest to reappear after the visibility timeout, as AWS does. Every queue of the local
// stack is consumed through this one mechanism.
import { randomUUID } from 'node:crypto';
import {
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
}

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

export function startQueuePoller(options: QueuePollerOptions): { stop(): Promise<void> } {
  const client = new SQSClient({
    endpoint: options.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const abort = new AbortController();

  async function pollOnce(): Promise<void> {
    const { Messages = [] } = await client.send(
      new ReceiveMessageCommand({
        QueueUrl: options.queueUrl,
        MaxNumberOfMessages: options.batchSize,
        WaitTimeSeconds: 5,
        MessageSystemAttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      }),
      { abortSignal: abort.signal },
    );
    if (Messages.length === 0) return;
    const records = Messages.map((message) => toSqsRecord(message, options.queueArn));
    let failed: Set<string>;
    try {
      const context = lambdaContext(options.functionName, randomUUID(), options.timeoutMs, 1024);
      const response = await options.handler({ Records: records }, context);
      failed = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch (error) {
      // An invocation that throws fails its whole batch, as on AWS.
      console.error(`${options.functionName}: invocation failed`, error);
      failed = new Set(records.map((record) => record.messageId));
    }
    const done = records.filter((record) => !failed.has(record.messageId));
    if (done.length === 0) return;
    await client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: options.queueUrl,
        Entries: done.map((record, i) => ({ Id: String(i), ReceiptHandle: record.receiptHandle })),
      }),
    );
  }

  async function loop(): Promise<void> {
    while (!abort.signal.aborted) {
      try {
        await pollOnce();
      } catch (error) {
        if (abort.signal.aborted) return;
        console.error(`${options.functionName}: polling failed, retrying in 1 s`, error);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  const loops = Array.from({ length: options.concurrency }, () => loop());
  return {
    stop: async () => {
      abort.abort();
      await Promise.all(loops);
      client.destroy();
    },
  };
}
