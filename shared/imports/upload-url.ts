// Presigned upload URLs for the widget: a PUT of one object key, with the declared size and content
// type signed into the URL (S3 refuses a body of another size or type), valid for a short while.
import { presignedUrl, S3Client } from '../aws/s3';
import { config } from '../config';

let presigner: S3Client | undefined;

/** Its own client: the URL must address the endpoint a browser reaches (locally the gateway's S3 front, not the emulator). */
function presignClient(): S3Client {
  const cfg = config();
  presigner ??= new S3Client({ service: 's3', region: cfg.region, endpoint: cfg.s3PublicEndpoint });
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
  const url = presignedUrl(presignClient(), 'PUT', { Bucket: config().bucketName, Key: key }, {
    headers: { 'content-length': String(fileSize), 'content-type': contentType },
    expiresIn,
    signingDate: new Date(now),
  });
  return { method: 'PUT', url, headers: { 'Content-Type': contentType }, expiresAt: new Date(now + expiresIn * 1000).toISOString() };
}
