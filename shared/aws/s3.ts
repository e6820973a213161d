// S3 as the service (and the scripts' multipart uploads) use it, in the SDK's shapes: objects got as
// streams exactly as stored (a gzip chunk stays gzip), put, headed, deleted, and presigned URLs.
// Buckets by path on a configured endpoint (the emulator), by virtual host on AWS.
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { AwsClient, AwsError, Command, readAll, type ResponseMetadata } from './client';
import { presignUrl, uriEncode } from './sigv4';

interface ObjectInput {
  Bucket: string;
  Key: string;
}

interface ObjectOutput {
  $metadata: ResponseMetadata;
  ContentLength?: number;
  ContentType?: string;
  ContentEncoding?: string;
  ContentRange?: string;
  ETag?: string;
  LastModified?: Date;
}

/** A response body: the stream itself, with the SDK's helpers to read it whole. */
export type StreamingBody = Readable & {
  transformToByteArray(): Promise<Uint8Array>;
  transformToString(encoding?: BufferEncoding): Promise<string>;
};

type Body = string | Uint8Array | Readable;

export interface GetObjectCommandInput extends ObjectInput {
  Range?: string;
  IfMatch?: string;
}
export type GetObjectCommandOutput = ObjectOutput & { Body?: StreamingBody };

export interface PutObjectCommandInput extends ObjectInput {
  Body?: Body;
  /** Required with a stream body. */
  ContentLength?: number;
  ContentType?: string;
  ContentEncoding?: string;
}

type Written = { $metadata: ResponseMetadata; ETag?: string };

abstract class S3Command<Input, Output> extends Command<Input, Output> {
  abstract execute(client: S3Client, input: Input): Promise<Output>;
}

export class GetObjectCommand extends S3Command<GetObjectCommandInput, GetObjectCommandOutput> {
  readonly operation = 'GetObject';
  async execute(client: S3Client, input: GetObjectCommandInput) {
    const { response, $metadata } = await client.object('GET', input, { headers: { range: input.Range, 'if-match': input.IfMatch } });
    const Body = Object.assign(response, {
      transformToByteArray: async () => new Uint8Array(await readAll(response)),
      transformToString: async (encoding: BufferEncoding = 'utf8') => (await readAll(response)).toString(encoding),
    });
    return { ...objectHeaders(response, $metadata), Body };
  }
}

export class HeadObjectCommand extends S3Command<ObjectInput, ObjectOutput> {
  readonly operation = 'HeadObject';
  async execute(client: S3Client, input: ObjectInput) {
    const { response, $metadata } = await client.object('HEAD', input);
    response.resume();
    return objectHeaders(response, $metadata);
  }
}

export class PutObjectCommand extends S3Command<PutObjectCommandInput, Written> {
  readonly operation = 'PutObject';
  async execute(client: S3Client, input: PutObjectCommandInput) {
    const headers = {
      // The SDK's default for a body without a type (the emulator refuses an empty body without one).
      'content-type': input.ContentType ?? 'application/octet-stream',
      'content-encoding': input.ContentEncoding,
      'content-length': input.ContentLength?.toString(),
    };
    return written(await client.object('PUT', input, { headers, body: input.Body ?? '' }));
  }
}

export class DeleteObjectCommand extends S3Command<ObjectInput, { $metadata: ResponseMetadata }> {
  readonly operation = 'DeleteObject';
  async execute(client: S3Client, input: ObjectInput) {
    const { response, $metadata } = await client.object('DELETE', input);
    response.resume();
    return { $metadata };
  }
}

// ---- Multipart uploads (the scripts' and the benchmark's large files) ----

type Upload = ObjectInput & { UploadId?: string };

export class CreateMultipartUploadCommand extends S3Command<ObjectInput & { ContentType?: string }, { $metadata: ResponseMetadata; UploadId?: string }> {
  readonly operation = 'CreateMultipartUpload';
  async execute(client: S3Client, input: ObjectInput & { ContentType?: string }) {
    const { response, $metadata } = await client.object('POST', input, { query: { uploads: '' }, headers: { 'content-type': input.ContentType } });
    return { $metadata, UploadId: xmlValue((await readAll(response)).toString(), 'UploadId') };
  }
}

export class UploadPartCommand extends S3Command<Upload & { PartNumber: number; Body: Body; ContentLength?: number }, Written> {
  readonly operation = 'UploadPart';
  async execute(client: S3Client, input: Upload & { PartNumber: number; Body: Body; ContentLength?: number }) {
    const query = { partNumber: String(input.PartNumber), uploadId: String(input.UploadId) };
    return written(await client.object('PUT', input, { query, headers: { 'content-length': input.ContentLength?.toString() }, body: input.Body }));
  }
}

type Completion = Upload & { MultipartUpload: { Parts: { ETag?: string; PartNumber?: number }[] } };

export class CompleteMultipartUploadCommand extends S3Command<Completion, Written> {
  readonly operation = 'CompleteMultipartUpload';
  async execute(client: S3Client, input: Completion) {
    const parts = input.MultipartUpload.Parts.map((part) => `<Part><PartNumber>${part.PartNumber}</PartNumber><ETag>${escapeXml(part.ETag ?? '')}</ETag></Part>`);
    const body = `<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${parts.join('')}</CompleteMultipartUpload>`;
    const { response, $metadata } = await client.object('POST', input, { query: { uploadId: String(input.UploadId) }, body });
    const xml = (await readAll(response)).toString();
    // S3 may answer 200 and report the failure in the body.
    if (xml.includes('<Error>')) throw s3Error($metadata.httpStatusCode ?? 200, xml);
    return { $metadata, ETag: xmlValue(xml, 'ETag') };
  }
}

export class AbortMultipartUploadCommand extends S3Command<Upload, { $metadata: ResponseMetadata }> {
  readonly operation = 'AbortMultipartUpload';
  async execute(client: S3Client, input: Upload) {
    const { response, $metadata } = await client.object('DELETE', input, { query: { uploadId: String(input.UploadId) } });
    response.resume();
    return { $metadata };
  }
}

// ---- The client ----

export class S3Client extends AwsClient {
  send<Input, Output>(command: S3Command<Input, Output>): Promise<Output> {
    return this.call(command, (input) => command.execute(this, input));
  }

  /** The object's URL: by path on a configured endpoint (which may carry a path prefix), by virtual host on AWS. */
  objectUrl({ Bucket, Key }: ObjectInput): URL {
    const path = `/${uriEncode(Key, true)}`;
    if (this.config.endpoint) {
      const base = new URL(this.config.endpoint);
      return new URL(`${base.origin}${base.pathname.replace(/\/$/, '')}/${Bucket}${path}`);
    }
    const region = this.config.region;
    const virtualHost = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(Bucket);
    return new URL(virtualHost ? `https://${Bucket}.s3.${region}.amazonaws.com${path}` : `https://s3.${region}.amazonaws.com/${Bucket}${path}`);
  }

  object(
    method: string,
    input: ObjectInput,
    options: { headers?: Record<string, string | undefined>; query?: Record<string, string>; body?: Body } = {},
  ) {
    const url = this.objectUrl(input);
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
    const headers = Object.fromEntries(Object.entries(options.headers ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
    return this.request({ method, url, headers, body: options.body }, (response, body) => s3Error(response.statusCode ?? 0, body.toString()));
  }
}

/**
 * A presigned URL for `method` on the object, valid `expiresIn` seconds: `headers` (lower-case names,
 * e.g. content-length and content-type) are signed into it, so the request must carry them exactly.
 */
export function presignedUrl(
  client: S3Client,
  method: 'GET' | 'PUT',
  object: ObjectInput,
  options: { headers?: Record<string, string>; expiresIn: number; signingDate?: Date },
): string {
  const scope = { service: 's3', region: client.config.region, credentials: client.credentials(), date: options.signingDate ?? new Date() };
  return presignUrl({ method, url: client.objectUrl(object), headers: options.headers ?? {} }, scope, options.expiresIn);
}

// ---- Responses ----

function objectHeaders(response: IncomingMessage, $metadata: ResponseMetadata): ObjectOutput {
  const header = (name: string) => (response.headers[name] as string | undefined) || undefined;
  const length = header('content-length');
  const modified = header('last-modified');
  return {
    $metadata,
    ContentLength: length === undefined ? undefined : Number(length),
    ContentType: header('content-type'),
    ContentEncoding: header('content-encoding'),
    ContentRange: header('content-range'),
    ETag: header('etag'),
    LastModified: modified ? new Date(modified) : undefined,
  };
}

function written({ response, $metadata }: { response: IncomingMessage; $metadata: ResponseMetadata }): Written {
  response.resume();
  return { $metadata, ETag: (response.headers.etag as string | undefined) || undefined };
}

const ENTITIES: Record<string, string> = { '&quot;': '"', '&apos;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => Object.keys(ENTITIES).find((entity) => ENTITIES[entity] === c)!);

function xmlValue(xml: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml);
  return match ? match[1].replace(/&(quot|apos|lt|gt|amp);/g, (entity) => ENTITIES[entity]) : undefined;
}

/** S3 names errors in its XML body; a body-less answer (HEAD) only has its status, named as the SDK names 404. */
const STATUS_NAMES: Record<number, string> = { 304: 'NotModified', 400: 'BadRequest', 403: 'Forbidden', 404: 'NotFound', 412: 'PreconditionFailed' };

function s3Error(status: number, xml: string): AwsError {
  const name = xmlValue(xml, 'Code') ?? STATUS_NAMES[status] ?? String(status);
  return new AwsError(name, xmlValue(xml, 'Message') ?? '', status);
}
