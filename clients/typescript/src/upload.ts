// The file of importFile: a Blob or File, bytes, a path (Node: opened as a Blob backed by the file, so
// it is streamed from disk, never read into memory), or a stream of a known size. Its PUT to the
// presigned URL streams it with progress.
import { ImportServiceError } from './errors.js';

export type FileInput =
  | { file: Blob | Uint8Array | ArrayBuffer; fileName: string; fileSize?: never }
  | { path: string; fileName?: string; fileSize?: never }
  /** A stream's size is signed into the upload URL: give it exactly. */
  | { stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>; fileName: string; fileSize: number };

export interface OpenedFile {
  fileName: string;
  fileSize: number;
  /** A fresh body for each attempt (a stream can be sent only once). */
  body(): BodyInit | ReadableStream<Uint8Array>;
  /** A stream cannot be sent twice: its upload is not retried. */
  repeatable: boolean;
}

function fromIterable(iterable: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = iterable[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path;

export async function openFile(input: FileInput): Promise<OpenedFile> {
  if ('path' in input && input.path !== undefined) {
    // Loaded only here: the client stays usable in a browser, where there is no file system.
    const { openAsBlob } = await import('node:fs');
    const blob = await openAsBlob(input.path);
    return { fileName: input.fileName ?? baseName(input.path), fileSize: blob.size, body: () => blob, repeatable: true };
  }
  if ('stream' in input && input.stream !== undefined) {
    const { stream, fileName, fileSize } = input;
    const readable = stream instanceof ReadableStream ? stream : fromIterable(stream);
    let used = false;
    return {
      fileName,
      fileSize,
      body: () => {
        if (used) throw new ImportServiceError(0, 'UPLOAD_FAILED', 'A stream can be uploaded only once');
        used = true;
        return readable;
      },
      repeatable: false,
    };
  }
  const { file, fileName } = input as { file: Blob | Uint8Array | ArrayBuffer; fileName: string };
  const blob = file instanceof Blob ? file : new Blob([file as BlobPart]);
  return { fileName, fileSize: blob.size, body: () => blob, repeatable: true };
}

export interface Upload {
  method: string;
  url: string;
  headers: Record<string, string>;
}

/** Node (not a browser): its fetch streams a request body with the Content-Length given. */
const STREAMS_REQUEST_BODIES = typeof process !== 'undefined' && typeof process.versions?.node === 'string';

/** Counts the bytes as they go: `onProgress(sent, total)`. */
function counted(body: BodyInit | ReadableStream<Uint8Array>, total: number, onProgress: (sent: number, total: number) => void): ReadableStream<Uint8Array> {
  const source = body instanceof Blob ? body.stream() : (body as ReadableStream<Uint8Array>);
  let sent = 0;
  return source.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        sent += chunk.byteLength;
        onProgress(sent, total);
        controller.enqueue(chunk);
      },
    }),
  );
}

/** PUT the file as the create answer says; a failed PUT of a repeatable file is tried again (twice). */
export async function putFile(
  fetchImpl: typeof fetch,
  upload: Upload,
  file: OpenedFile,
  { onProgress, signal }: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  const attempts = file.repeatable ? 3 : 1;
  for (let attempt = 1; ; attempt++) {
    try {
      // Progress by counting a stream's bytes needs a streamed request body: Node's fetch sends one with its
      // Content-Length. A browser would send it chunked (and only over HTTP/2), which a presigned URL with
      // a signed size refuses: there the Blob goes as it is and progress is reported when it is sent.
      const body = onProgress && STREAMS_REQUEST_BODIES ? counted(file.body(), file.fileSize, onProgress) : file.body();
      const streamed = body instanceof ReadableStream;
      const response = await fetchImpl(upload.url, {
        method: upload.method,
        // Content-Length is signed into the URL: a stream must say it (a Blob's is known).
        headers: { ...upload.headers, ...(streamed ? { 'content-length': String(file.fileSize) } : {}) },
        body: body as BodyInit,
        signal,
        ...(streamed ? { duplex: 'half' } : {}),
      } as RequestInit);
      if (response.ok) {
        await response.body?.cancel().catch(() => undefined);
        if (onProgress && !streamed) onProgress(file.fileSize, file.fileSize);
        return;
      }
      const text = await response.text().catch(() => '');
      const error = new ImportServiceError(response.status, 'UPLOAD_FAILED', `The upload was refused (${response.status}): ${text.slice(0, 200)}`);
      if (response.status < 500 || attempt >= attempts) throw error;
    } catch (error) {
      if (signal?.aborted || attempt >= attempts || (error instanceof ImportServiceError && error.status > 0 && error.status < 500)) {
        throw error instanceof ImportServiceError ? error : new ImportServiceError(0, 'UPLOAD_FAILED', `The upload failed: ${(error as Error).message}`, undefined, { cause: error });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
  }
}
