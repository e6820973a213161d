// A webhook receiver on 127.0.0.1 for tests (and the webhook benchmark): answers each request with the
// next scripted behaviour (a status, a status after a delay, or 'hang' to never answer) and records what
// it received, raw body included.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Behaviour = number | { status: number; afterMs: number } | 'hang';

export interface Received {
  at: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export async function startReceiver(script: Behaviour[], then: Behaviour = 200) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const behaviour = script[received.length] ?? then;
      received.push({ at: Date.now(), headers: request.headers, body: Buffer.concat(chunks) });
      if (behaviour === 'hang') return;
      const { status, afterMs } = typeof behaviour === 'number' ? { status: behaviour, afterMs: 0 } : behaviour;
      if (status >= 300 && status < 400) response.setHeader('Location', 'http://127.0.0.1:9/elsewhere');
      const answer = `answer ${received.length}`;
      const respond = () => response.writeHead(status, { 'Content-Type': 'text/plain' }).end(answer);
      if (afterMs > 0) setTimeout(respond, afterMs);
      else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/imports`,
    received,
    /** Change what later requests get. */
    answer(behaviours: Behaviour[], next: Behaviour = 200) {
      script.splice(0, script.length, ...Array(received.length).fill(200), ...behaviours);
      then = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
