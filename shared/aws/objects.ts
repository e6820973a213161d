// S3 requests, for the modules that read and write objects: the S3 client's module (s3.ts) is loaded by
// the first of them, and is a chunk of its own in the Lambda bundles (lib/bundling.ts), so a function
// whose request touches no object never compiles it. Only modules that use S3 import this one: a bundle
// without it has no S3 code at all.
import type { GetObjectCommandInput, HeadObjectCommandInput, PutObjectCommandInput } from '@aws-sdk/client-s3';

/** The S3 client's module (import() is cached after the first call). */
export const loadS3 = () => import('./s3');

export async function getObject(input: GetObjectCommandInput) {
  const { s3, GetObjectCommand } = await loadS3();
  return s3().send(new GetObjectCommand(input));
}

export async function putObject(input: PutObjectCommandInput) {
  const { s3, PutObjectCommand } = await loadS3();
  return s3().send(new PutObjectCommand(input));
}

export async function headObject(input: HeadObjectCommandInput) {
  const { s3, HeadObjectCommand } = await loadS3();
  return s3().send(new HeadObjectCommand(input));
}
