// A multipart upload from parts produced one at a time (memory holds one part): what importctl, the
// local S3 front and the benchmark send when a body is larger than one request should carry. Any
// failure, the parts' own included, aborts the upload, so nothing is left half-stored.
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';

/** 8 MiB: the AWS CLI's default part size, and under the local emulator's 11 MiB body limit. */
export const PART_BYTES = 8 * 1024 * 1024;

export async function uploadInParts(
  client: S3Client,
  target: { Bucket: string; Key: string; ContentType?: string },
  parts: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<{ ETag?: string }> {
  const { Bucket, Key } = target;
  const { UploadId } = await client.send(new CreateMultipartUploadCommand(target));
  try {
    const uploaded: { ETag?: string; PartNumber: number }[] = [];
    for await (const Body of parts) {
      const PartNumber = uploaded.length + 1;
      const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body }));
      uploaded.push({ ETag, PartNumber });
    }
    const { ETag } = await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: uploaded } }));
    return { ETag };
  } catch (error) {
    await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined);
    throw error;
  }
}

/** A buffer's parts of PART_BYTES. */
export function* partsOf(body: Buffer): Iterable<Buffer> {
  for (let offset = 0; offset < body.length; offset += PART_BYTES) yield body.subarray(offset, offset + PART_BYTES);
}
