// Lambda consuming the imports queue: each message is an S3 ObjectCreated notification for an upload
// (on AWS from the bucket, locally from the emulated notification), an import's deadline message
// (shared/imports/deadlines.ts) or the processing of a mapping confirmed after a preview
// (shared/imports/process-message.ts). Failed messages are reported as partial batch failures, so
// only they are redelivered.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { processUpload } from '../../shared/imports/process-upload';
import { handleDeadline, parseDeadlineMessage } from '../../shared/imports/deadlines';
import { parseProcessMessage } from '../../shared/imports/process-message';
import { objectKeys } from '../../shared/data/objects';
import { observeWork } from '../../shared/observability/observe';
import { flushMetrics } from '../../shared/observability/metrics';
import { log } from '../../shared/observability/logger';

const SERVICE = 'import-processor';

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
    const deadline = parseDeadlineMessage(message.body);
    // A confirmed mapping's processing: the upload as if notified again, with the size its preview recorded.
    const confirmed = deadline ? undefined : parseProcessMessage(message.body);
    const uploads: { key: string; size?: number }[] = confirmed
      ? [{ key: objectKeys.upload(confirmed.organizationId, confirmed.importId) }]
      : deadline
        ? []
        : uploadsOf(message.body);
    const importId = deadline?.importId ?? (uploads[0] && objectKeys.parseUpload(uploads[0].key)?.importId);
    try {
      await observeWork({
        service: SERVICE,
        operation: deadline ? 'deadline' : 'import',
        correlation: { messageId: message.messageId, importId },
        work: async () => {
          if (deadline) await handleDeadline(deadline);
          else for (const upload of uploads) await processUpload(upload.key, upload.size);
        },
      });
    } catch (error) {
      log.error('Import processing failed; the message will be redelivered', error, {
        messageId: message.messageId,
        importId,
        receiveCount: message.attributes?.ApproximateReceiveCount,
      });
      batchItemFailures.push({ itemIdentifier: message.messageId });
    }
  }
  // Imports are few and each is worth its record: nothing waits in memory for a container that may not wake again.
  flushMetrics(true);
  return { batchItemFailures };
};
