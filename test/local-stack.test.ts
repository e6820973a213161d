// `npm start` itself: data (the local identity provider's users and keys included) survives a restart; a taken port or a missing Java that cannot be installed fails with a clear message.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { freePort, newDataDir, spawnLocalStack } from './support/local-stack';
import { importctl } from './support/importctl';
import { contactsTemplate } from './support/api';
import { scratchDir } from './support/scratch';

const ROOT = join(__dirname, '..');

async function request(url: string, method: string, apiKey: string, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** The stacks' data directories, removed when the suite ends. */
const scratch = scratchDir('local-stack');

describe('local stack', () => {
  it('keeps organizations and templates across a restart', async () => {
    const dataDir = newDataDir(scratch);
    // The same port after the restart, as `npm start` has: the issuer of the tokens is on it.
    const port = String(await freePort());
    let stack = await spawnLocalStack({ dataDir, env: { PORT: port } });
    try {
      const { json: org } = await importctl(['org', 'create', '--name', 'Persistent'], { DATA_DIR: dataDir });
      const created = await request(`${stack.url}/api/v1/templates`, 'POST', org.apiKey, contactsTemplate());
      expect(created.status).toBe(201);
      // The identity provider's users and signing keys persist too: a token from before the restart still passes.
      const env = { DATA_DIR: dataDir };
      expect((await importctl(['user', 'create', '--email', 'kept@example.com', '--password', 'kept password'], env)).code).toBe(0);
      const { json: token } = await importctl(['user', 'token', '--email', 'kept@example.com'], env);
      await stack.stop();
      stack = await spawnLocalStack({ dataDir, env: { PORT: port } });
      const fetched = await request(`${stack.url}/api/v1/templates/${created.body.id}`, 'GET', org.apiKey);
      expect(fetched).toEqual({ status: 200, body: created.body });
      const me = await request(`${stack.url}/dashboard/v1/me`, 'GET', token.accessToken);
      expect(me).toMatchObject({ status: 200, body: { user: { email: 'kept@example.com' } } });
      const list = await request(`${stack.url}/api/v1/templates`, 'GET', org.apiKey);
      expect(list.body.pagination.total).toBe(1);
    } finally {
      await stack.stop();
    }
  }, 120_000);

  function startSync(env: Record<string, string>) {
    return spawnSync(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'scripts', 'start.ts')], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: newDataDir(scratch), LOCAL_IN_MEMORY: '1', ...env },
      encoding: 'utf8',
      timeout: 90_000,
    });
  }

  it('fails with a clear message when the port is taken', () => {
    const port = new URL(process.env.TEST_BASE_URL!).port;
    const result = startSync({ PORT: port });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Port ${port} on 127.0.0.1 is already in use`);
  }, 100_000);

  it('fails with a clear message when Java is missing and cannot be installed (no apt-get on PATH)', () => {
    const result = startSync({ PORT: '0', PATH: '/nonexistent' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'Cannot start the local stack: Java (DynamoDB Local is a Java program) is missing, and this machine has no apt-get: ' +
        'install a Java runtime, 17 or newer (e.g. `brew install openjdk`).',
    );
  }, 100_000);
});
