// The runbook sections of docs/operations.md that alarms point to, and the CloudWatch Logs Insights
// query saved for each (the console lists them under `import-service-<stage>/`). The logs are JSON:
// Powertools Logger lines in each function's log group (level, message, service, stage, function,
// cold_start, requestId, importId, deliveryId, messageId, error.name/message/stack), the functions' EMF
// metric records beside them, and API Gateway access lines (requestId, routeKey, status, latency, ip,
// integrationError) in the ApiAccessLogs group. test/cdk-operations.test.ts checks that every alarm
// names a section that exists in docs/operations.md.
// No aws-cdk-lib import: tests load this without synthesizing.

export const RUNBOOK_FILE = 'docs/operations.md';

/** Anchors of docs/operations.md (GitHub's heading slugs). */
export const RUNBOOK = {
  api5xx: 'api-5xx-rate',
  duration: 'function-duration-p99',
  errors: 'function-errors',
  throttles: 'function-throttles',
  dynamoThrottles: 'dynamodb-throttles',
  dynamoErrors: 'dynamodb-system-errors',
  deadLetters: 'dead-letter-queue-messages',
  oldestMessage: 'oldest-message-age',
  webhooksFailed: 'webhook-deliveries-failed',
  processingTimeouts: 'imports-closed-by-processing-timeout',
  cost: 'operation-cost-per-million-requests',
  budget: 'monthly-budget',
} as const;
export type RunbookSection = (typeof RUNBOOK)[keyof typeof RUNBOOK];

/** An alarm's description: what fired, then where to read what to do. */
export const alarmDescription = (what: string, section: RunbookSection) => `${what} Runbook: ${RUNBOOK_FILE}#${section}`;

/** Which log groups a query reads. */
export type LogGroupSet = 'access' | 'api' | 'processor' | 'worker';

export interface SavedQuery {
  /** The runbook section (and the query's name after the stage prefix). */
  section: RunbookSection;
  logGroups: readonly LogGroupSet[];
  query: string;
}

/** The saved query's name: the console groups saved queries by the part before the slash. */
export const queryName = (stage: string, section: RunbookSection) => `import-service-${stage}/${section}`;

const lines = (...parts: string[]) => parts.join('\n| ');

/** Application errors of the functions, and invocations Lambda ended (timeout, out of memory, crash). */
const FUNCTION_FAILURES = lines(
  'fields @timestamp, function, level, message, requestId, importId, deliveryId, messageId, error.name, error.message, record.status, @logStream',
  'filter level in ["ERROR", "FATAL"] or (ispresent(record.status) and record.status != "success") or @message like /Task timed out|Runtime\\.\\w+/',
  'sort @timestamp desc',
  'limit 200',
);

export const SAVED_QUERIES: readonly SavedQuery[] = [
  {
    section: RUNBOOK.api5xx,
    logGroups: ['access'],
    // status is a string in the access log; Logs Insights compares it as a number.
    query: lines(
      'fields @timestamp, routeKey, status, integrationError, requestId',
      'filter status >= 500',
      'stats count(*) as responses by routeKey, status, integrationError',
      'sort responses desc',
    ),
  },
  {
    section: RUNBOOK.duration,
    logGroups: ['access'],
    query: lines(
      'fields routeKey, latency',
      'stats count(*) as requests, pct(latency, 50) as p50, pct(latency, 99) as p99, max(latency) as slowest by routeKey',
      'sort p99 desc',
    ),
  },
  { section: RUNBOOK.errors, logGroups: ['api', 'processor', 'worker'], query: FUNCTION_FAILURES },
  {
    section: RUNBOOK.throttles,
    logGroups: ['access'],
    // A throttled integration answers 5xx with Lambda's error in integrationError ("-" when none).
    query: lines(
      'fields @timestamp, routeKey, status, integrationError',
      'filter integrationError != "-" and ispresent(integrationError)',
      'stats count(*) as responses by bin(5m), routeKey, status, integrationError',
      'sort responses desc',
    ),
  },
  {
    section: RUNBOOK.dynamoThrottles,
    logGroups: ['api', 'processor', 'worker'],
    query: lines(
      'fields @timestamp, function, message, error.name, error.message, requestId, importId, messageId',
      'filter error.name like /Throttl|ProvisionedThroughputExceeded|RequestLimitExceeded|TransactionConflict/',
      'stats count(*) as errors by bin(5m), function, error.name',
      'sort errors desc',
    ),
  },
  {
    section: RUNBOOK.dynamoErrors,
    logGroups: ['api', 'processor', 'worker'],
    query: lines(
      'fields @timestamp, function, message, error.name, error.message, requestId, importId, messageId',
      'filter error.name like /InternalServerError|ServiceUnavailable|InternalFailure|5\\d\\d/ or error.message like /DynamoDB/',
      'sort @timestamp desc',
      'limit 200',
    ),
  },
  {
    section: RUNBOOK.deadLetters,
    logGroups: ['processor', 'worker'],
    // Every message a consumer gives back is logged with its id and receive count.
    query: lines(
      'fields @timestamp, function, messageId, importId, deliveryId, receiveCount, error.name, error.message',
      'filter level = "ERROR" and ispresent(messageId)',
      'stats count(*) as failures, max(receiveCount) as receives, latest(error.name) as lastError, latest(error.message) as lastMessage by function, messageId, importId',
      'sort failures desc',
    ),
  },
  { section: RUNBOOK.oldestMessage, logGroups: ['processor', 'worker'], query: FUNCTION_FAILURES },
  {
    section: RUNBOOK.webhooksFailed,
    logGroups: ['worker'],
    query: lines(
      'fields @timestamp, importId, deliveryId, delivery, attempt, status, errorKind, durationMs',
      'filter message = "Webhook delivery failed after its last attempt"',
      'sort @timestamp desc',
      'limit 200',
    ),
  },
  {
    section: RUNBOOK.processingTimeouts,
    logGroups: ['processor'],
    // The close itself ("Import closed by its deadline") and the processing attempts before it.
    query: lines(
      'fields @timestamp, importId, messageId, message, deadline, status, failure, fileBytes, totalRows, receiveCount, error.name, error.message',
      'filter ispresent(importId) and (level = "ERROR" or message = "Import finished" or message = "Import closed by its deadline" or (ispresent(record.status) and record.status != "success"))',
      'sort @timestamp desc',
      'limit 200',
    ),
  },
  {
    section: RUNBOOK.cost,
    logGroups: ['api'],
    // The EMF records the functions write: per operation, what one request consumed on average.
    query: lines(
      'filter ispresent(_aws.Timestamp) and ispresent(Requests)',
      'stats sum(Requests) as requests, sum(RCU)/sum(Requests) as rcu, sum(WCU)/sum(Requests) as wcu, ' +
        'sum(S3Gets)/sum(Requests) as s3Gets, sum(S3Puts)/sum(Requests) as s3Puts, sum(SqsRequests)/sum(Requests) as sqs, ' +
        'sum(ResponseBytes)/sum(Requests) as responseBytes, sum(Status5xx) as status5xx by service, operation',
      'sort requests desc',
    ),
  },
];
