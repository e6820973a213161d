// Presigning S3 uploads: loaded on first use (imports/upload-url.ts), like the S3 client (s3.ts), so the
// functions that create imports compile the S3 client and presigner only when they create one.
import { PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

/**
 * A client for presigning only. Its own: the URL must address the endpoint a browser reaches (locally
 * the gateway's S3 front, not the emulator), and it must not sign a checksum of an empty body into the
 * URL (the SDK's default for PutObject would, and S3 would then refuse the real file).
 */
export function uploadPresigner({ region, endpoint, credentials }: Pick<S3ClientConfig, 'region' | 'endpoint' | 'credentials'>): S3Client {
  return new S3Client({ region, endpoint, credentials, forcePathStyle: Boolean(endpoint), requestChecksumCalculation: 'WHEN_REQUIRED' });
}

/** A presigned PUT of `Key` whose body must be `size` bytes of `contentType`: both are signed in. */
export function presignPut(
  client: S3Client,
  object: { Bucket: string; Key: string; size: number; contentType: string },
  options: { expiresIn: number; signingDate?: Date },
): Promise<string> {
  const command = new PutObjectCommand({ Bucket: object.Bucket, Key: object.Key, ContentLength: object.size, ContentType: object.contentType });
  // content-type is not signed by default: signed here, S3 refuses another type.
  return getSignedUrl(client, command, { ...options, signableHeaders: new Set(['content-length', 'content-type']) });
}
