// What the service's DynamoDB, S3 and SQS clients (dynamodb.ts, s3.ts, sqs.ts) share: credentials,
// SigV4-signed requests over keep-alive connections, the SDK's standard retries (3 attempts), errors
// named by their AWS type, and the SDK's middleware contract, on which the meter and the tests'
// fault injection hook. No AWS SDK: it costs every API bundle ~300 KB and its cold start.
// node:http rather than fetch, which would inflate the gzip row chunks our own code reads as stored.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { sha256Hex, signRequest, UNSIGNED_PAYLOAD, type Credentials } from './sigv4';

export type { Credentials };

export interface ClientConfig {
  /** The signing name: dynamodb, s3, sqs. */
  service: string;
  region: string;
  /** Set only for the local emulators; AWS's regional endpoint otherwise. */
  endpoint?: string;
  credentials?: Credentials;
}

const LOCAL_CREDENTIALS: Credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/** The local emulators accept any credentials; on Lambda the function role's are in the environment. */
export function credentialsFor(endpoint: string | undefined): Credentials {
  if (endpoint) return LOCAL_CREDENTIALS;
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = process.env;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set');
  return { accessKeyId, secretAccessKey, sessionToken: sessionToken || undefined };
}

// ---- Errors ----

export interface ResponseMetadata {
  httpStatusCode?: number;
  attempts?: number;
}

/** An error response: `name` is the AWS error type (ConditionalCheckFailedException, NoSuchKey, ...). */
export class AwsError extends Error {
  $metadata: ResponseMetadata;
  $fault: 'client' | 'server';

  constructor(name: string, message: string, statusCode: number, fields: Record<string, unknown> = {}) {
    super(message || name);
    Object.assign(this, fields);
    this.name = name;
    this.$metadata = { httpStatusCode: statusCode };
    this.$fault = statusCode >= 500 ? 'server' : 'client';
  }
}

// ---- Middleware (the AWS SDK's contract, initialize step: the input as the caller gave it) ----

export type Handler = (args: { input: any }) => Promise<{ output: any }>;
export type Middleware = (next: Handler, context: { commandName: string }) => Handler;

interface Entry {
  name: string;
  middleware: Middleware;
  high: boolean;
}

/** Middlewares around every call: 'high' priority outermost, then in the order added (the first outermost). */
export class MiddlewareStack {
  private entries: Entry[] = [];

  add(middleware: Middleware, options: { name: string; step?: 'initialize'; priority?: 'high' | 'normal' }): void {
    if (this.entries.some((entry) => entry.name === options.name)) throw new Error(`Duplicate middleware name '${options.name}'`);
    this.entries.push({ name: options.name, middleware, high: options.priority === 'high' });
  }

  remove(name: string): boolean {
    const before = this.entries.length;
    this.entries = this.entries.filter((entry) => entry.name !== name);
    return this.entries.length < before;
  }

  resolve(terminal: Handler, context: { commandName: string }): Handler {
    const ordered = [...this.entries.filter((entry) => entry.high), ...this.entries.filter((entry) => !entry.high)];
    return ordered.reduceRight((next, entry) => entry.middleware(next, context), terminal);
  }
}

/** A call: the operation's name and its input. `Output` is only carried for `send`'s type. */
export abstract class Command<Input, Output> {
  declare readonly outputType?: Output;
  abstract readonly operation: string;
  constructor(readonly input: Input) {}
}

// ---- Requests ----

export interface HttpRequest {
  method: string;
  url: URL;
  /** Lower-case names. */
  headers: Record<string, string>;
  body?: string | Uint8Array | Readable;
}

const agents = {
  'http:': new HttpAgent({ keepAlive: true, maxSockets: 50 }),
  'https:': new HttpsAgent({ keepAlive: true, maxSockets: 50 }),
};

function exchange({ method, url, headers, body }: HttpRequest): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { method, headers, agent: agents[url.protocol as keyof typeof agents] }, resolve);
    request.on('error', reject);
    if (body instanceof Readable) {
      body.on('error', (error) => request.destroy(error));
      body.pipe(request);
    } else request.end(body);
  });
}

export async function readAll(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const MAX_ATTEMPTS = 3;
const THROTTLING = new Set([
  'Throttling', 'ThrottlingException', 'ThrottledException', 'RequestThrottledException', 'TooManyRequestsException',
  'ProvisionedThroughputExceededException', 'TransactionInProgressException', 'RequestLimitExceeded',
  'BandwidthLimitExceeded', 'LimitExceededException', 'RequestThrottled', 'SlowDown', 'PriorRequestNotComplete', 'EC2ThrottledException',
]);
const TRANSIENT = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);
const NETWORK = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);

const isThrottling = (error: AwsError) => error.$metadata.httpStatusCode === 429 || THROTTLING.has(error.name);

/** What the SDK's standard mode retries: throttling, transient and server errors, and broken connections. */
function retryable(error: unknown): boolean {
  if (error instanceof AwsError) return isThrottling(error) || TRANSIENT.has(error.name) || (error.$metadata.httpStatusCode ?? 0) >= 500;
  return NETWORK.has((error as { code?: string })?.code ?? '');
}

/** Full jitter, as the SDK: up to 100 ms x 2^attempt (500 ms for throttling), at most 20 s. */
const backoff = (error: unknown, attempt: number) =>
  Math.floor(Math.random() * Math.min(20_000, 2 ** attempt * (error instanceof AwsError && isThrottling(error) ? 500 : 100)));

export abstract class AwsClient {
  readonly middlewareStack = new MiddlewareStack();

  constructor(readonly config: ClientConfig) {}

  credentials(): Credentials {
    return this.config.credentials ?? credentialsFor(this.config.endpoint);
  }

  /** The AWS endpoint, or the configured one (the emulators). */
  protected baseUrl(host = `${this.config.service}.${this.config.region}.amazonaws.com`): URL {
    return new URL(this.config.endpoint ?? `https://${host}`);
  }

  /** Runs `command` through the middlewares; `execute` makes the request(s). */
  protected call<Input, Output>(command: Command<Input, Output>, execute: (input: Input) => Promise<Output>): Promise<Output> {
    const handler = this.middlewareStack.resolve(async (args) => ({ output: await execute(args.input) }), {
      commandName: `${command.operation}Command`,
    });
    return handler({ input: command.input }).then((result) => result.output as Output);
  }

  /**
   * Signs and sends `request`, retrying what the SDK retries while the body can be sent again; answers
   * the response of status < 300 (its body unread) or throws what `toError` makes of the error response.
   */
  protected async request(
    request: HttpRequest,
    toError: (response: IncomingMessage, body: Buffer) => AwsError,
  ): Promise<{ response: IncomingMessage; $metadata: ResponseMetadata }> {
    const { body } = request;
    const payloadHash = body instanceof Readable ? UNSIGNED_PAYLOAD : sha256Hex(body ?? '');
    const headers = { ...request.headers };
    if (this.config.service === 's3') headers['x-amz-content-sha256'] = payloadHash;
    if (typeof body === 'string' || body instanceof Uint8Array) headers['content-length'] = String(Buffer.byteLength(body));
    for (let attempt = 1; ; attempt++) {
      const scope = { service: this.config.service, region: this.config.region, credentials: this.credentials(), date: new Date() };
      const signed = signRequest({ method: request.method, url: request.url, headers, payloadHash }, scope);
      try {
        const response = await exchange({ ...request, headers: signed });
        const status = response.statusCode ?? 0;
        if (status < 300) return { response, $metadata: { httpStatusCode: status, attempts: attempt } };
        const error = toError(response, await readAll(response));
        error.$metadata.attempts = attempt;
        throw error;
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || body instanceof Readable || !retryable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, backoff(error, attempt)));
      }
    }
  }

  /** A JSON-protocol call (DynamoDB, SQS): POST of the input to the endpoint, X-Amz-Target naming the operation. */
  protected async json(target: string, input: unknown, errorClasses: Record<string, typeof AwsError> = {}): Promise<Record<string, any>> {
    const request = {
      method: 'POST',
      url: this.baseUrl(),
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': target },
      body: JSON.stringify(input),
    };
    const { response, $metadata } = await this.request(request, (errorResponse, body) => {
      const { __type, message, Message, ...fields } = parseJson(body);
      const queryError = String(errorResponse.headers['x-amzn-query-error'] ?? '').split(';')[0];
      const name = String(__type ?? (queryError || 'UnknownError')).split('#').pop()!;
      const ErrorClass = errorClasses[name] ?? AwsError;
      return new ErrorClass(name, String(message ?? Message ?? ''), errorResponse.statusCode ?? 0, fields);
    });
    return { ...parseJson(await readAll(response)), $metadata };
  }
}

function parseJson(body: Buffer): Record<string, any> {
  try {
    return body.length > 0 ? JSON.parse(body.toString('utf8')) : {};
  } catch {
    return {};
  }
}
