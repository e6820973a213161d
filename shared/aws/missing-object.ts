// Whether an S3 GetObject or HeadObject failed because the object does not exist. S3 answers 404
// NoSuchKey only to callers that may list the bucket; our functions may only get objects under their
// own prefixes (no s3:ListBucket: it would let them list every tenant's keys), so for them a missing key
// is 403 AccessDenied. A function that is granted GetObject on the prefix can read that 403 as
// "missing". HeadObject's answers have no body: they are named by status, 404 NotFound, 403 Forbidden.
const MISSING = new Set(['NoSuchKey', 'NotFound', 'AccessDenied', 'Forbidden']);

export function isMissingObject(error: unknown): boolean {
  return MISSING.has((error as { name?: string })?.name ?? '');
}
