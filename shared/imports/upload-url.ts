// Presigned upload URLs for the widget: a PUT of one object key, with the declared size and content
// type signed into the URL (S3 refuses a body of another size or type), valid for a short while.
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../config';

let presigner: S3Client | undefined;

/**
 * Its own client: the URL must address the endpoint a browser reaches (locally the gateway's S3 front,
 * not the emulator), and it must not sign a checksum of an empty body into the URL (the SDK's default
 * for PutObject would, and S3 would then refuse the real file).
 */
function presignClient(): S3Client {
  const cfg = config();
  presigner ??= new S3Client({
    region: cfg.region,
    endpoint: cfg.s3PublicEndpoint,
    forcePathStyle: Boolean(cfg.s3PublicEndpoint),
    credentials: cfg.s3PublicEndpoint ? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  return presigner;
}

export interface UploadUrl {
  method: 'PUT';
  url: string;
  /** Headers the PUT must carry exactly (Content-Length, also signed, is set by every HTTP client). */
  headers: Record<string, string>;
  expiresAt: string;
}

export async function presignUpload(key: string, fileSize: number, contentType: string, now = Date.now()): Promise<UploadUrl> {
  const expiresIn = config().uploadUrlTtlSeconds;
  const url = await getSignedUrl(
    presignClient(),
    new PutObjectCommand({ Bucket: config().bucketName, Key: key, ContentLength: fileSize, ContentType: contentType }),
    { expiresIn, signableHeaders: new Set(['content-length', 'content-type']), signingDate: new Date(now) },
  );
  return { method: 'PUT', url, headers: { 'Content-Type': contentType }, expiresAt: new Date(now + expiresIn * 1000).toISOString() };
}
