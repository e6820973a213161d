// Lambda consuming the imports queue: each message is an S3 ObjectCreated notification for an upload
// (on AWS from the bucket, locally from the emulated notification) or an import's deadline message
// (shared/imports/deadlines.ts). Failed messages are reported as partial batch failures, so only they
// are redelivered.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { processUpload } from '../../shared/imports/process-upload';
import { handleDeadline, parseDeadlineMessage } from '../../shared/imports/deadlines';

interface S3EventRecord {
  eventName?: string;
  s3?: { object?: { key?: string; size?: number } };
}

/** S3 encodes keys in events like form values: '+' for spaces, percent-escapes for the rest. */
const decodeKey = (key: string) => decodeURIComponent(key.replace(/\+/g, ' '));

function uploadsOf(body: string): { key: string; size: number }[] {
  let parsed: { Records?: S3EventRecord[] };
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  // s3:TestEvent (sent when the notification is configured) and other events carry no ObjectCreated record.
  return (parsed.Records ?? []).flatMap((record) =>
    record.eventName?.startsWith('ObjectCreated:') && typeof record.s3?.object?.key === 'string'
      ? [{ key: decodeKey(record.s3.object.key), size: Number(record.s3.object.size ?? 0) }]
      : [],
  );
}

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const message of event.Records) {
    try {
      const deadline = parseDeadlineMessage(message.body);
      if (deadline) await handleDeadline(deadline);
      else for (const upload of uploadsOf(message.body)) await processUpload(upload.key, upload.size);
    } catch (error) {
      console.error(
        JSON.stringify({
          level: 'ERROR',
          message: 'Import processing failed; the message will be redelivered',
          messageId: message.messageId,
          receiveCount: message.attributes?.ApproximateReceiveCount,
          error: { name: (error as Error)?.name, message: (error as Error)?.message, stack: (error as Error)?.stack },
        }),
      );
      batchItemFailures.push({ itemIdentifier: message.messageId });
    }
  }
  return { batchItemFailures };
};
