// The official clients as a customer gets them: both packages built and packed (`npm pack`), installed
// from their tarballs into a scratch project outside the repository, and used there through their public
// API only: a Node program with @import-service/client against the local stack behind a proxy that
// answers 429s and drops a connection, a server-side render of @import-service/react, and a Vite page
// that renders it in Chromium and completes an import.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { updateOrganization } from '../shared/data/organizations';
import { newWebhookSecret } from '../shared/domain/ids';
import { baseUrl, newOrganization } from './support/api';
import { freePort } from './support/local-stack';
import { launchBrowser, screenshot, watchPage } from './support/browser';
import { embeddedTemplate, eventually, tempFile, waitForStep } from './support/widget-page';
import { scratchDir } from './support/scratch';

jest.setTimeout(300_000);

const ROOT = join(__dirname, '..');
const FIXTURES = join(__dirname, 'fixtures', 'client-consumer');
const scratch = scratchDir('import-service-consumer');

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 240_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** Runs a program of the scratch project with this Node, resolving its stdout's last line as JSON. */
function runProgram(file: string, env: Record<string, string>): Promise<any> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], { cwd: scratch, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${file} exited ${code}:\n${stdout}\n${stderr}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').pop()!));
      } catch {
        reject(new Error(`${file} printed no JSON:\n${stdout}\n${stderr}`));
      }
    });
  });
}

/**
 * A proxy in front of the local gateway that misbehaves as networks and busy services do: its first two
 * requests get 429 (Retry-After: 1); the first POST /api/v1/imports reaches the service, whose answer is
 * then lost (the connection dropped before it is sent).
 */
async function faultyProxy(target: string) {
  const seen = { requests: 0, tooMany: 0, dropped: 0, createImports: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      seen.requests++;
      if (seen.tooMany < 2) {
        seen.tooMany++;
        response.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '1' });
        response.end(JSON.stringify({ error: { code: 'RATE_LIMIT_EXCEEDED', message: 'Slow down' } }));
        return;
      }
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<string, string>;
      const answer = await fetch(`${target}${request.url}`, { method: request.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
      const body = Buffer.from(await answer.arrayBuffer());
      const createsImport = request.method === 'POST' && request.url === '/api/v1/imports';
      if (createsImport) seen.createImports++;
      if (createsImport && seen.dropped === 0) {
        seen.dropped++;
        request.socket.destroy();
        return;
      }
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) out[name] = value;
      });
      response.writeHead(answer.status, out).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, stop: () => closeServer(server) };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css' };

/** The built page, served as a customer's site would serve it. */
async function serveDirectory(dir: string) {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = join(dir, path === '/' ? 'index.html' : path);
    const body = file.startsWith(dir) ? await readFile(file).catch(() => undefined) : undefined;
    if (!body) return response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => closeServer(server) };
}

beforeAll(() => {
  // Built and packed as `npm publish` would (prepack builds), then installed from the tarballs alone:
  // their dependencies come from this checkout's node_modules (no registry), linked by file: URLs.
  const packs = join(scratch, 'packs');
  mkdirSync(packs);
  run('npm', ['pack', '--workspace', 'clients/typescript', '--workspace', 'clients/react', '--pack-destination', packs, '--loglevel=error'], ROOT);
  const tarballs = readdirSync(packs);
  const tarball = (name: string) => `file:packs/${tarballs.find((file) => file.startsWith(name))}`;
  const modules = join(ROOT, 'node_modules');
  writeFileSync(
    join(scratch, 'package.json'),
    JSON.stringify({
      name: 'scratch-consumer',
      private: true,
      type: 'module',
      dependencies: {
        '@import-service/client': tarball('import-service-client-'),
        '@import-service/react': tarball('import-service-react-'),
        ...Object.fromEntries(['openapi-fetch', 'standardwebhooks', 'react', 'react-dom', 'vite'].map((name) => [name, `file:${join(modules, name)}`])),
      },
    }),
  );
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], scratch);
  for (const file of readdirSync(FIXTURES)) copyFileSync(join(FIXTURES, file), join(scratch, file));
});

test('a Node program with the packed client: importFile of 50,000 rows with wait, every row read back, the webhook verified, a replayed POST, 429s and a dropped connection survived', async () => {
  const org = await newOrganization();
  const secret = newWebhookSecret();
  const receiverPort = await freePort();
  await updateOrganization(org.organizationId, { webhookUrl: `http://127.0.0.1:${receiverPort}/hooks`, webhookSecret: secret });
  const proxy = await faultyProxy(baseUrl());
  try {
    const out = await runProgram('consumer.mjs', { BASE_URL: proxy.url, API_KEY: org.apiKey, WEBHOOK_SECRET: secret, RECEIVER_PORT: String(receiverPort), ROWS: '50000' });
    expect(out).toMatchObject({
      replayedSameTemplate: true,
      templateCount: 1,
      status: 'COMPLETED',
      validRows: 50_000,
      rowsRead: 50_000,
      first: { email: 'user0@example.com', name: 'User 0', age: 20 },
      last: { email: 'user49999@example.com', name: 'User 49999', age: 20 + (49_999 % 60) },
      webhook: { event: 'import.completed', importId: out.importId, source: 'api', validRows: 50_000 },
      notFound: { status: 404, code: 'NOT_FOUND' },
      // The dropped create was sent again with its Idempotency-Key: still one import.
      importsListed: 1,
    });
    expect(out.progressCalls).toBeGreaterThan(0);
    expect(out.lastProgress[0]).toBe(out.lastProgress[1]);
    expect(proxy.seen.tooMany).toBe(2);
    expect(proxy.seen.dropped).toBe(1);
    expect(proxy.seen.createImports).toBeGreaterThanOrEqual(2);
  } finally {
    await proxy.stop();
  }
});

test('the packed React wrapper renders on a server without touching window', async () => {
  const out = await runProgram('ssr.mjs', {});
  expect(out.window).toBe('undefined');
  expect(out.html).toBe('<div class="importer" data-import-widget=""></div>');
});

test('a Vite page with the packed React wrapper completes an import in Chromium', async () => {
  run(process.execPath, [join(scratch, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], scratch);
  const site = await serveDirectory(join(scratch, 'dist'));
  const org = await embeddedTemplate();
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext()).newPage();
    const problems = watchPage(page);
    await page.goto(`${site.url}/?template=${org.templateId}&script=${encodeURIComponent(`${baseUrl()}/widget/import-widget.js`)}`);
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.locator('import-widget input[type=file]').setInputFiles(tempFile('vite-contacts.csv', 'Email,Name,Phone\nann@example.com,Ann Lee,+1 555 0100\nbob@example.com,Bob Stone,+1 555 0101\n'));
    await waitForStep(page, 'review');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await waitForStep(page, 'result', 60_000);
    await eventually(async () => expect(await page.locator('#outcome').textContent()).toMatch(/^complete imp_\w+ 2$/), 20_000);
    expect(await page.locator('#outcome').getAttribute('data-started')).toMatch(/^imp_/);
    await screenshot(page, 'clients-react-vite-result');
    expect(problems.errors).toEqual([]);
  } finally {
    await browser.close();
    await site.stop();
  }
});
