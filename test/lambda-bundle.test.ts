// The Lambda bundles as lib/bundling.ts builds them (the CDK construct and the benchmark share it): the
// SDK's default credential chain is replaced by the environment provider, and a bundled SDK client in a
// fresh process takes the credentials Lambda puts in the environment.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { lambdaBuildOptions } from '../lib/bundling';

const ROOT = resolve(__dirname, '..');
jest.setTimeout(60_000);

async function bundle(entry: string, outfile: string, aliased: boolean) {
  await build({ ...lambdaBuildOptions(ROOT), ...(!aliased && { alias: {} }), entryPoints: [join(ROOT, entry)], outfile, logLevel: 'error' });
  return readFileSync(outfile, 'utf8');
}

describe('Lambda bundles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lambda-bundle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leave out the default credential chain (SSO, INI files, metadata) and are ~130 KB smaller', async () => {
    const chain = await bundle('functions/templates/handler.ts', join(dir, 'chain.mjs'), false);
    const lean = await bundle('functions/templates/handler.ts', join(dir, 'lean.mjs'), true);
    expect(chain).toContain('AWS_CONTAINER_CREDENTIALS');
    expect(lean).not.toContain('AWS_CONTAINER_CREDENTIALS');
    expect(lean).not.toContain('sso_start_url');
    expect(chain.length - lean.length).toBeGreaterThan(100 * 1024);
  });

  it('take the credentials Lambda puts in the environment', async () => {
    const file = join(dir, 'clients.mjs');
    await bundle('shared/aws/clients.ts', file, true);
    const script = `const { dynamo, s3, sqs } = await import(${JSON.stringify(pathToFileURL(file).href)});
      const all = await Promise.all([dynamo(), s3(), sqs()].map((client) => client.config.credentials()));
      console.log(JSON.stringify(all.map(({ accessKeyId, secretAccessKey, sessionToken }) => ({ accessKeyId, secretAccessKey, sessionToken }))));`;
    const env = { PATH: process.env.PATH, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'AKIDLAMBDA', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'token' };
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(Array(3).fill({ accessKeyId: 'AKIDLAMBDA', secretAccessKey: 'secret', sessionToken: 'token' }));
  });
});
