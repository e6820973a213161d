// Presigned upload URLs for the widget and API clients: a PUT of one object key, with the declared size
// and content type signed into the URL (S3 refuses a body of another size or type), valid for a short
// while. The presigner is loaded with the first URL (aws/s3-presign.ts).
import type { S3Client } from '@aws-sdk/client-s3';
import { config } from '../config';

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
  const { presignPut, uploadPresigner } = await import('../aws/s3-presign');
  presigner ??= uploadPresigner({ region, endpoint: s3PublicEndpoint });
  const url = await presignPut(presigner, { Bucket: bucketName, Key: key, size: fileSize, contentType }, { expiresIn, signingDate: new Date(now) });
  return { method: 'PUT', url, headers: { 'Content-Type': contentType }, expiresAt: new Date(now + expiresIn * 1000).toISOString() };
}
