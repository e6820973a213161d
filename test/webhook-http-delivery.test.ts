// Webhook HTTP delivery and the address policy behind it: real receivers on 127.0.0.1 for the transport,
// injected resolvers and a counting server to prove that forbidden targets are never connected to.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { resolveTarget, deliver, utf8Excerpt, type DeliveryRequest, type Resolver } from '../shared/webhooks/http-delivery';
import { isPrivateAddress, webhookUrlProblem } from '../shared/domain/webhook-url';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

interface Receiver {
  port: number;
  received: Received[];
  /** TCP connections accepted, whether or not a request followed. */
  connections: number;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1; `respond` runs once the request body has been read. */
async function startReceiver(respond: (res: http.ServerResponse, req: Received) => void): Promise<Receiver> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(entry);
      res.on('error', () => undefined); // the client may hang up early (capped body)
      respond(res, entry);
    });
  });
  const receiver: Receiver = { port: 0, received, connections: 0, close: async () => undefined };
  server.on('connection', () => {
    receiver.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

const BODY = Buffer.from(JSON.stringify({ event: 'import.completed', name: 'Zoë ✓' }));

function request(url: string, extra: Partial<DeliveryRequest> = {}): DeliveryRequest {
  return { url, body: BODY, headers: { 'Content-Type': 'application/json' }, timeoutMs: 5000, allowPrivate: true, ...extra };
}

/** A resolver answering from a table, counting its calls. */
function tableResolver(table: Record<string, string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolver = async (hostname: string) => {
    calls.push(hostname);
    return (table[hostname] ?? []).map((address) => ({ address, family: (net.isIP(address) === 6 ? 6 : 4) as 4 | 6 }));
  };
  return Object.assign(resolver, { calls });
}

describe('deliver over HTTP (allowPrivate, receivers on 127.0.0.1)', () => {
  let receivers: Receiver[] = [];
  const receiver = async (respond: Parameters<typeof startReceiver>[0]) => {
    const started = await startReceiver(respond);
    receivers.push(started);
    return started;
  };
  afterEach(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    receivers = [];
  });

  it('returns 200 with the response excerpt and the connected address', async () => {
    const r = await receiver((res) => res.end('thanks, got it'));
    const result = await deliver(request(`http://127.0.0.1:${r.port}/hook`));
    expect(result).toMatchObject({ status: 200, errorKind: null, excerpt: 'thanks, got it', address: '127.0.0.1' });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('sends exactly the body bytes and headers, as a POST with Content-Length', async () => {
    const r = await receiver((res) => res.end());
    const headers = { 'Content-Type': 'application/json', 'X-Service-Signature': 'sha256=abc', 'webhook-id': 'msg_1', 'content-length': '1' };
    await deliver(request(`http://127.0.0.1:${r.port}/path/to?x=1&y=%20`, { headers }));
    expect(r.received).toHaveLength(1);
    const [got] = r.received;
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/path/to?x=1&y=%20');
    expect(got.body.equals(BODY)).toBe(true);
    expect(got.headers).toMatchObject({
      'content-type': 'application/json',
      'x-service-signature': 'sha256=abc',
      'webhook-id': 'msg_1',
      'content-length': String(BODY.length), // the caller's wrong value is replaced
      host: `127.0.0.1:${r.port}`,
    });
    expect(got.headers['transfer-encoding']).toBeUndefined();
  });

  it('reports a 500 as its status', async () => {
    const r = await receiver((res) => {
      res.statusCode = 500;
      res.end('boom');
    });
    expect(await deliver(request(`http://127.0.0.1:${r.port}/`))).toMatchObject({ status: 500, errorKind: null, excerpt: 'boom' });
  });

  it('does not follow a redirect', async () => {
    const target = await receiver((res) => res.end('should never be reached'));
    const r = await receiver((res) => {
      res.writeHead(302, { Location: `http://127.0.0.1:${target.port}/elsewhere` });
      res.end();
    });
    const result = await deliver(request(`http://127.0.0.1:${r.port}/`));
    expect(result).toMatchObject({ status: 302, errorKind: null });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(target.connections).toBe(0);
    expect(target.received).toHaveLength(0);
  });

  it('times out a receiver that never answers, within timeoutMs plus a margin', async () => {
    const r = await receiver(() => undefined);
    const before = performance.now();
    const result = await deliver(request(`http://127.0.0.1:${r.port}/`, { timeoutMs: 300 }));
    const elapsed = performance.now() - before;
    expect(result).toMatchObject({ status: null, errorKind: 'timeout', address: '127.0.0.1' });
    expect(result.excerpt).toMatch(/300 ms/);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(300 + 700);
  });

  it('times out a receiver that sends headers but never finishes a short body', async () => {
    const r = await receiver((res) => {
      res.writeHead(200, { 'Content-Length': '100' });
      res.write('partial');
    });
    // Long enough for the headers to arrive on a machine whose two cores the rest of the suite keeps busy
    // (at 300 ms a full run once timed out before them); the receiver stalls after them whatever the limit.
    const result = await deliver(request(`http://127.0.0.1:${r.port}/`, { timeoutMs: 2000 }));
    expect(result).toMatchObject({ status: null, errorKind: 'timeout' });
    expect(result.excerpt).toMatch(/status 200/);
  });

  it('reports connection refused as a connection error', async () => {
    const closed = await startReceiver((res) => res.end());
    await closed.close();
    const result = await deliver(request(`http://127.0.0.1:${closed.port}/`));
    expect(result).toMatchObject({ status: null, errorKind: 'connection', address: '127.0.0.1' });
    expect(result.excerpt).toMatch(/ECONNREFUSED/);
  });

  it('reads at most 1 KB of a 5 MB body and returns quickly', async () => {
    let finished = false;
    const r = await receiver((res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const pump = () => {
        while (sent < 5 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end(() => {
          finished = true;
        });
      };
      pump();
    });
    const before = performance.now();
    const result = await deliver(request(`http://127.0.0.1:${r.port}/`, { timeoutMs: 10_000 }));
    expect(performance.now() - before).toBeLessThan(1000);
    expect(result).toMatchObject({ status: 200, errorKind: null });
    expect(Buffer.byteLength(result.excerpt)).toBeLessThanOrEqual(1024);
    expect(result.excerpt).toMatch(/^x+$/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(finished).toBe(false); // the client hung up long before 5 MB were delivered
  });

  it('cuts the excerpt on a character boundary', async () => {
    const r = await receiver((res) => res.end(`a${'é'.repeat(2000)}`));
    const result = await deliver(request(`http://127.0.0.1:${r.port}/`));
    expect(result.excerpt).toBe(`a${'é'.repeat(511)}`); // 1 + 511 * 2 = 1023 bytes; the 512th é would end at 1025
    expect(result.excerpt).not.toContain('\uFFFD');
  });

  it('connects to exactly the resolved address, keeping the name in the Host header', async () => {
    const r = await receiver((res) => res.end('ok'));
    const resolver = tableResolver({ 'receiver.test': ['127.0.0.1'] });
    const result = await deliver(request(`http://receiver.test:${r.port}/hook`, { resolver }));
    expect(resolver.calls).toEqual(['receiver.test']);
    expect(result).toMatchObject({ status: 200, errorKind: null, address: '127.0.0.1' });
    expect(r.received[0].headers.host).toBe(`receiver.test:${r.port}`);
  });

  it('sends the hostname as TLS SNI while connecting to the pinned address', async () => {
    let clientHello: Buffer = Buffer.alloc(0);
    const tlsPeer = net.createServer((socket) => {
      socket.once('data', (data: Buffer) => {
        clientHello = data;
        socket.destroy(); // no certificate needed: the ClientHello is all this test looks at
      });
    });
    await new Promise<void>((resolve) => tlsPeer.listen(0, '127.0.0.1', resolve));
    const { port } = tlsPeer.address() as AddressInfo;
    try {
      const resolver = tableResolver({ 'receiver.test': ['127.0.0.1'] });
      const result = await deliver(request(`https://receiver.test:${port}/hook`, { resolver }));
      expect(result).toMatchObject({ status: null, errorKind: 'connection', address: '127.0.0.1' });
      expect(clientHello.includes(Buffer.from('receiver.test'))).toBe(true);
    } finally {
      await new Promise((resolve) => tlsPeer.close(resolve));
    }
  });

  it('reports resolver failures, empty answers and a hanging resolver', async () => {
    const failing: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.test'), { code: 'ENOTFOUND' });
    };
    expect(await deliver(request('http://nowhere.test/', { resolver: failing }))).toMatchObject({ errorKind: 'dns', address: null });
    expect(await deliver(request('http://empty.test/', { resolver: tableResolver({}) }))).toMatchObject({ errorKind: 'dns' });
    const hanging: Resolver = () => new Promise(() => undefined);
    const result = await deliver(request('http://slow.test/', { resolver: hanging, timeoutMs: 200 }));
    expect(result).toMatchObject({ errorKind: 'timeout', address: null });
    expect(result.durationMs).toBeLessThan(800);
  });

  it.each(['not a url', 'ftp://example.com/', 'http://user:pw@127.0.0.1/'])('refuses %s as invalid_url', async (url) => {
    expect(await deliver(request(url))).toMatchObject({ status: null, errorKind: 'invalid_url', address: null });
  });
});

describe('deliver refuses forbidden targets (allowPrivate false)', () => {
  let counter: Receiver;
  beforeAll(async () => {
    counter = await startReceiver((res) => res.end('reached'));
  });
  afterAll(() => counter.close());

  // The injected resolver would happily answer with the counting server's address for every name.
  const everythingIsLoopback = () => tableResolver(new Proxy({}, { get: () => ['127.0.0.1'] }) as Record<string, string[]>);

  const literalHosts = [
    'localhost', 'api.localhost', 'metadata.google.internal', '127.0.0.1', '2130706433', '0177.0.0.1', '0x7f.0.0.1', '127.1',
    '[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '169.254.169.254', '100.64.0.1', '224.0.0.1', '0.0.0.0',
    '10.1.2.3', '192.168.1.1', '172.16.0.1', '[fe80::1]', '[fd00::1]', '[::]', '[64:ff9b::a01:203]', '[2002:c0a8:101::1]',
  ];

  it.each(literalHosts)('refuses https://%s without resolving or connecting', async (host) => {
    const resolver = everythingIsLoopback();
    const result = await deliver(request(`https://${host}:${counter.port}/hook`, { allowPrivate: false, resolver }));
    expect(result).toMatchObject({ status: null, errorKind: 'forbidden_address', address: null });
    expect(resolver.calls).toEqual([]);
  });

  it.each(['http://2130706433/', 'http://0177.0.0.1/', 'http://0x7f.0.0.1/', 'http://127.1/'])(
    'refuses the numeric form %s as an address, not just as plain http',
    async (url) => {
      const result = await deliver(request(url.replace(/\/$/, `:${counter.port}/`), { allowPrivate: false, resolver: everythingIsLoopback() }));
      expect(result.errorKind).toBe('forbidden_address');
    },
  );

  it.each([
    ['public then private', ['93.184.215.14', '127.0.0.1']],
    ['private then public', ['127.0.0.1', '93.184.215.14']],
    ['private only', ['127.0.0.1']],
    ['metadata only', ['169.254.169.254']],
    ['unique-local IPv6', ['2606:4700::1111', 'fd12::1']],
  ])('refuses a name resolving to %s', async (_label, addresses) => {
    const resolver = tableResolver({ 'hook.example.test': addresses });
    const result = await deliver(request(`https://hook.example.test:${counter.port}/`, { allowPrivate: false, resolver }));
    expect(resolver.calls).toEqual(['hook.example.test']);
    expect(result).toMatchObject({ status: null, errorKind: 'forbidden_address', address: null });
  });

  it('allows a name resolving to a public address, as the address to connect to', async () => {
    // Judged without connecting (tests never leave loopback); that the connection goes to exactly the
    // resolved address is shown above with a name pinned to 127.0.0.1.
    const resolver = tableResolver({ 'public.example.test': ['93.184.215.14'] });
    const target = await resolveTarget('public.example.test', { allowPrivate: false, resolver, timeoutMs: 300 });
    expect(resolver.calls).toEqual(['public.example.test']);
    expect(target).toEqual({ address: '93.184.215.14', family: 4 });
  });

  it('refuses plain http to a public address', async () => {
    const resolver = tableResolver({ 'public.example.test': ['93.184.215.14'] });
    const result = await deliver(request('http://public.example.test/', { allowPrivate: false, resolver }));
    expect(result.errorKind).toBe('invalid_url');
    expect(resolver.calls).toEqual([]);
  });

  // Runs last in this block (jest keeps declaration order): no refused attempt above reached the server.
  it('never connected to the counting server', () => {
    expect(counter.connections).toBe(0);
    expect(counter.received).toHaveLength(0);
  });
});

describe('webhookUrlProblem', () => {
  const forbidden = [
    'localhost', 'LOCALHOST.', 'api.localhost', 'metadata.google.internal', '127.0.0.1', '127.255.255.254', '2130706433',
    '0177.0.0.1', '0x7f.0.0.1', '127.1', '[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::ffff:10.0.0.1]',
    '169.254.169.254', '169.254.0.1', '100.64.0.1', '100.127.255.255', '224.0.0.1', '239.255.255.250', '0.0.0.0',
    '0.1.2.3', '240.0.0.1', '255.255.255.255', '10.1.2.3', '192.168.1.1', '172.16.0.1', '172.31.255.255',
    '192.0.2.1', '198.51.100.7', '203.0.113.9', '198.18.0.1', '198.19.255.255', '192.0.0.170',
    '[fe80::1]', '[febf::1]', '[fd00::1]', '[fc00::1]', '[ff02::1]', '[ff0e::1]', '[::]', '[::7f00:1]',
    '[64:ff9b::7f00:1]', '[64:ff9b::169.254.169.254]', '[64:ff9b:1::1]', '[2002:7f00:1::]', '[2002:a9fe:a9fe::1]',
    '[2001:db8::1]', '[2001::1]', '[3fff::1]', '[fec0::1]',
  ];

  it.each(forbidden)('refuses https://%s/ on a deployed stack', (host) => {
    expect(webhookUrlProblem(`https://${host}/hook`, false)).toMatch(/private, loopback or link-local/);
  });

  it.each([
    'https://example.com/hook', 'https://93.184.215.14/', 'https://8.8.8.8:8443/x', 'https://172.32.0.1/', 'https://172.15.255.255/',
    'https://100.128.0.1/', 'https://11.0.0.1/', 'https://[2606:4700:4700::1111]/', 'https://[::ffff:8.8.8.8]/',
    'https://[64:ff9b::808:808]/', 'https://[2002:808:808::1]/', 'https://hooks.internal.example.com/', 'https://localhost.example.com/',
  ])('accepts the public %s on a deployed stack', (url) => {
    expect(webhookUrlProblem(url, false)).toBeUndefined();
  });

  it('keeps the scheme and credential rules', () => {
    expect(webhookUrlProblem('http://example.com/hook', false)).toBe('webhook URL must use https');
    expect(webhookUrlProblem('ftp://example.com/', false)).toBe('webhook URL must use https');
    expect(webhookUrlProblem('ftp://example.com/', true)).toBe('webhook URL must use http or https');
    expect(webhookUrlProblem('example.com/hook', true)).toBe('webhook URL must be an absolute URL');
    expect(webhookUrlProblem('https://u:p@example.com/', false)).toBe('webhook URL must not contain credentials');
  });

  it.each(['http://127.0.0.1:9999/hook', 'http://localhost:3000/', 'http://[::1]:8080/', 'http://10.0.0.5/', 'https://169.254.169.254/'])(
    'allows %s on the local stack',
    (url) => {
      expect(webhookUrlProblem(url, true)).toBeUndefined();
    },
  );

  it('judges resolved addresses and zone-scoped IPv6', () => {
    expect(isPrivateAddress('fe80::1%eth0')).toBe(true);
    expect(isPrivateAddress('::ffff:192.168.0.1')).toBe(true);
    expect(isPrivateAddress('1.1.1.1')).toBe(false);
    expect(isPrivateAddress('2a00:1450:4001:82b::200e')).toBe(false);
  });
});

describe('utf8Excerpt', () => {
  it('never exceeds 1 KB, even for bytes that are not UTF-8', () => {
    expect(Buffer.byteLength(utf8Excerpt(Buffer.alloc(2000, 0xff)))).toBeLessThanOrEqual(1024);
    expect(utf8Excerpt(Buffer.from('€'.repeat(400)))).toBe('€'.repeat(341)); // 3-byte characters: 341 * 3 = 1023
    expect(utf8Excerpt(Buffer.from('short'))).toBe('short');
  });
});
