// The one price table: PLATFORM.md "Prices", us-east-1. The benchmark, the dashboard's cost expressions
// and `importctl cost` price what they counted with these constants (through cost-model.ts), so a
// price changes in one place.

export const PRICES = {
  /** HTTP API, per million requests of up to 512 KB each (HTTP_API_UNIT_BYTES). */
  httpApiPerMillion: 1.0,
  lambdaRequestsPerMillion: 0.2,
  /** Lambda arm64, per GB-second, billed per 1 ms. */
  lambdaArm64PerGbSecond: 0.0000133334,
  dynamoWruPerMillion: 0.625,
  dynamoRruPerMillion: 0.125,
  /** CloudWatch Logs ingestion; GB as 10^9 bytes, as PLATFORM.md's "0.5 KB per request is +$0.25/M". */
  logsPerGb: 0.5,
  /** S3 Standard PUT, COPY, POST and LIST requests. */
  s3PutPerMillion: 5.0,
  /** S3 Standard GET (and other read) requests. */
  s3GetPerMillion: 0.4,
  /** S3 Standard storage, per GB-month (GB as 2^30 bytes, as AWS bills storage). */
  s3StoragePerGbMonth: 0.023,
  /** SQS standard queue requests; each 64 KB chunk of a request's payload is one request (SQS_REQUEST_CHUNK_BYTES). */
  sqsRequestsPerMillion: 0.4,
};

/** One HTTP API request is billed per 512 KB of request + response. */
export const HTTP_API_UNIT_BYTES = 512 * 1024;
/** One SQS request is billed per 64 KB chunk of its payload (a message may be up to 1 MiB). */
export const SQS_REQUEST_CHUNK_BYTES = 64 * 1024;
/** AWS bills S3 storage by the byte-hour and prices it per GB-month: a month here is 365/12 days. */
export const DAYS_PER_MONTH = 365 / 12;
