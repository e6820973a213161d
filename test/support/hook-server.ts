// A validation hook on 127.0.0.1 for tests and the benchmark: every request's signature is verified with
// the public standardwebhooks package, its body recorded, and the answer is whatever the test's function
// says for it (a JSON answer, a status, raw bytes, a delay, or 'hang').
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface HookRequest {
  type: string;
  importId: string;
  templateId: string;
  mode: 'import' | 'correction' | 'test';
  batch: { index: number; of: number | null };
  rows: { row: number; revision: number; values: Record<string, unknown>; errors: { column: string; message: string }[] }[];
  user: unknown;
  metadata: unknown;
}

export type HookReply = { status?: number; json?: unknown; raw?: string; delayMs?: number } | 'hang';

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: HookRequest;
  verified: boolean;
}

export async function startHookServer(secret: () => string | undefined, reply: (request: HookRequest, n: number) => HookReply) {
  const received: ReceivedHook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let verified = false;
      const key = secret();
      try {
        if (key) {
          new Webhook(key).verify(raw, request.headers as Record<string, string>);
          verified = true;
        }
      } catch {
        verified = false;
      }
      const body = JSON.parse(raw) as HookRequest;
      received.push({ headers: request.headers, body, verified });
      const answer = reply(body, received.length);
      if (answer === 'hang') return;
      const send = () => {
        if (answer.raw !== undefined) response.writeHead(answer.status ?? 200, { 'Content-Type': 'text/plain' }).end(answer.raw);
        else response.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.json ?? { rows: [] }));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/validate`,
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
