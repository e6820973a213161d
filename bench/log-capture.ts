// Counts the bytes the service writes through console.* while a measurement runs: what Lambda would
// ingest into CloudWatch Logs. Installed once per bench process; output still reaches the terminal.
import { format } from 'node:util';

let capturing = false;
let bytes = 0;
for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
  const original = console[method].bind(console);
  console[method] = (...parts: unknown[]) => {
    if (capturing) bytes += Buffer.byteLength(format(...parts)) + 1;
    original(...parts);
  };
}

/** Start counting from zero. */
export function startLogCapture(): void {
  bytes = 0;
  capturing = true;
}

/** Stop counting; the bytes written since the start. */
export function stopLogCapture(): number {
  capturing = false;
  return bytes;
}
