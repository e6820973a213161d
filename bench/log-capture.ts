// Counts the bytes the service writes while a measurement runs: what Lambda would ingest into
// CloudWatch Logs. Everything written to stdout and stderr (console, the Powertools logger), plus the
// metrics records, which the local stack sends to a file instead of stdout (metricsBytesWritten).
// Installed once per bench process; output still reaches the terminal.
import { metricsBytesWritten } from '../shared/observability/metrics';

let capturing = false;
let bytes = 0;
let metricsAtStart = 0;
for (const stream of [process.stdout, process.stderr]) {
  const original = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    if (capturing) bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    return original(chunk, ...rest);
  }) as typeof stream.write;
}

/** Start counting from zero. */
export function startLogCapture(): void {
  bytes = 0;
  metricsAtStart = metricsBytesWritten();
  capturing = true;
}

/** Stop counting; the bytes written since the start (logs and metrics records). */
export function stopLogCapture(): number {
  capturing = false;
  return bytes + metricsBytesWritten() - metricsAtStart;
}
