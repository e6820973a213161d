// Whether an S3 GetObject or HeadObject failed because the object does not exist. S3 answers 404
// NoSuchKey only to callers that may list the bucket; our functions may only get objects under their
// own prefixes (no s3:ListBucket: it would let them list every tenant's keys), so for them a missing key
// is 403 AccessDenied. A function that is granted GetObject on the prefix can read that 403 as
// "missing"; any other refusal (SignatureDoesNotMatch, an expired token) is an error, not a missing key.
const MISSING = new Set(['NoSuchKey', 'NotFound', 'AccessDenied']);

export function isMissingObject(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  // HeadObject's answers have no body: the SDK names its 404 NotFound, and its 403 only 'Unknown'. That
  // 403 cannot tell a missing key from bad credentials; the functions' GetObject calls can.
  return MISSING.has(name ?? '') || (name === 'Unknown' && $metadata?.httpStatusCode === 403);
}
