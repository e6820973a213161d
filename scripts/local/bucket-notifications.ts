// Emulates the S3 -> SQS ObjectCreated notification that AWS sends for the uploads prefix (fauxqs
// has no bucket notifications): after each object the emulator stores under the prefix, the same
// event message AWS would send goes to the same queue, by the SQS API.
import { randomUUID } from 'node:crypto';

export interface StoredObject {
  key: string;
  contentLength: number;
  etag: string;
}

export interface NotificationTarget {
  bucket: string;
  prefix: string;
  /** Sends the event body to the queue. */
  send(body: string): Promise<void>;
}

/** The event AWS sends (event message structure version 2.1); keys are encoded as S3 encodes them. */
export function objectCreatedEvent(bucket: string, object: StoredObject, eventName: 'Put' | 'CompleteMultipartUpload'): string {
  const now = new Date();
  return JSON.stringify({
    Records: [
      {
        eventVersion: '2.1',
        eventSource: 'aws:s3',
        awsRegion: 'us-east-1',
        eventTime: now.toISOString(),
        eventName: `ObjectCreated:${eventName}`,
        userIdentity: { principalId: 'local' },
        requestParameters: { sourceIPAddress: '127.0.0.1' },
        responseElements: { 'x-amz-request-id': randomUUID(), 'x-amz-id-2': randomUUID() },
        s3: {
          s3SchemaVersion: '1.0',
          configurationId: 'imports',
          bucket: { name: bucket, ownerIdentity: { principalId: 'local' }, arn: `arn:aws:s3:::${bucket}` },
          object: {
            key: encodeURIComponent(object.key).replace(/%2F/g, '/').replace(/%20/g, '+'),
            size: object.contentLength,
            eTag: object.etag.replace(/"/g, ''),
            sequencer: now.getTime().toString(16).toUpperCase().padStart(16, '0'),
          },
        },
      },
    ],
  });
}

/** Wraps the emulator's S3 store so that objects created under the target's prefix are announced. */
export function emulateObjectCreatedNotifications(s3Store: any, target: () => NotificationTarget | undefined): void {
  const announce = (bucket: string, object: StoredObject, eventName: 'Put' | 'CompleteMultipartUpload') => {
    const current = target();
    if (!current || bucket !== current.bucket || !object.key.startsWith(current.prefix)) return;
    // Asynchronous like AWS: the upload's response does not wait for the notification.
    current.send(objectCreatedEvent(bucket, object, eventName)).catch((error) => {
      console.error(`Local bucket notification for ${object.key} failed`, error);
    });
  };
  const putObject = s3Store.putObject.bind(s3Store);
  s3Store.putObject = (bucket: string, ...rest: unknown[]) => {
    const object = putObject(bucket, ...rest);
    announce(bucket, object, 'Put');
    return object;
  };
  const completeMultipartUpload = s3Store.completeMultipartUpload.bind(s3Store);
  s3Store.completeMultipartUpload = (uploadId: string, parts: unknown) => {
    const bucket = s3Store.multipartUploads.get(uploadId)?.bucket;
    const object = completeMultipartUpload(uploadId, parts);
    announce(bucket, object, 'CompleteMultipartUpload');
    return object;
  };
}
