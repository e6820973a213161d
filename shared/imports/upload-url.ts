// Presigned upload URLs for the widget: a PUT of one object key, with the declared size and content
// type signed into the URL (S3 refuses a body of another size or type), valid for a short while.
import { PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../config';

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

let presigner: S3Client | undefined;

export interface UploadUrl {
  method: 'PUT';
  url: string;
  /** Headers the PUT must carry exactly (Content-Length, also signed, is set by every HTTP client). */
  headers: Record<string, string>;
  expiresAt: string;
}

export async function presignUpload(key: string, fileSize: number, contentType: string, now = Date.now()): Promise<UploadUrl> {
  const { region, s3PublicEndpoint, bucketName, uploadUrlTtlSeconds: expiresIn } = config();
  presigner ??= uploadPresigner({ region, endpoint: s3PublicEndpoint });
  const url = await presignPut(presigner, { Bucket: bucketName, Key: key, size: fileSize, contentType }, { expiresIn, signingDate: new Date(now) });
  return { method: 'PUT', url, headers: { 'Content-Type': contentType }, expiresAt: new Date(now + expiresIn * 1000).toISOString() };
}
