// Whether an S3 GetObject failed because the object does not exist. S3 answers 404 NoSuchKey only to
// callers that may list the bucket; our functions may only get objects under their own prefixes (no
// s3:ListBucket: it would let them list every tenant's keys), so for them a missing key is 403
// AccessDenied. A function that is granted GetObject on the prefix can read that 403 as "missing".
import { NoSuchKey } from '@aws-sdk/client-s3';

export function isMissingObject(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  const name = (error as { name?: string })?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || name === 'AccessDenied';
}
