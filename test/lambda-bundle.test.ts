// The API functions' Lambda bundles as lib/bundling.ts builds them (the CDK construct and the benchmark
// share it): the AWS SDK's clients without its default credential chain (replaced by the environment
// provider Lambda needs), without the file readers (the import processor's); RE2 only where template
// patterns are validated. A bundled SDK client in a fresh process takes the credentials Lambda puts in
// the environment. Their sizes are a figure the benchmark prints (npm run bench:cold-start), not a limit.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { lambdaBuildOptions } from '../lib/bundling';
import { FUNCTION_GROUPS } from '../shared/http/route-definition';

const ROOT = resolve(__dirname, '..');
jest.setTimeout(60_000);

async function bundle(entry: string, outfile: string) {
  const result = await build({ ...lambdaBuildOptions(ROOT), entryPoints: [join(ROOT, entry)], outfile, write: false, metafile: true, logLevel: 'error' });
  const [output] = Object.values(result.metafile.outputs);
  const packages = new Set(Object.keys(output.inputs).flatMap((input) => /node_modules\/((@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? []));
  return { text: result.outputFiles[0].text, packages, inputs: Object.keys(output.inputs) };
}

/** The SDK's clients are in; its default credential chain (SSO, INI files, container and instance metadata) is not. */
function expectSdkWithoutDefaultChain({ text, packages }: { text: string; packages: Set<string> }) {
  expect(packages.has('@aws-sdk/client-dynamodb')).toBe(true);
  expect(packages.has('@aws-sdk/credential-provider-node')).toBe(false);
  expect(text).not.toContain('AWS_CONTAINER_CREDENTIALS');
  expect(text).not.toContain('sso_start_url');
}

describe('Lambda bundles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lambda-bundle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(FUNCTION_GROUPS)('of the %s API function: the SDK without its default credential chain, no file readers', async (group) => {
    const built = await bundle(`functions/${group}/handler.ts`, join(dir, `${group}.mjs`));
    expectSdkWithoutDefaultChain(built);
    const { packages, inputs } = built;
    expect([...packages].filter((name) => ['saxes', 'yauzl', '@e965/xlsx'].includes(name))).toEqual([]);
    expect(inputs.filter((input) => input.includes('shared/engine/readers/'))).toEqual([]);
    // RE2 patterns: checked when a template is saved (also from the dashboard), and run by the correction step on corrected cells.
    expect(packages.has('re2js')).toBe(group === 'templates' || group === 'embed' || group === 'dashboard');
  });

  it.each(['import-processor', 'webhook-worker'])('of the %s queue consumer: the SDK without its default credential chain', async (name) => {
    expectSdkWithoutDefaultChain(await bundle(`functions/${name}/handler.ts`, join(dir, `${name}.mjs`)));
  });

  it('of the token-claims trigger: no AWS SDK and nothing from node_modules (a pure function Cognito waits for)', async () => {
    const { packages } = await bundle('functions/token-claims/handler.ts', join(dir, 'token-claims.mjs'));
    expect([...packages]).toEqual([]);
  });

  it('take the credentials Lambda puts in the environment', async () => {
    const file = join(dir, 'clients.mjs');
    await build({ ...lambdaBuildOptions(ROOT), entryPoints: [join(ROOT, 'shared/aws/clients.ts')], outfile: file, logLevel: 'error' });
    const script = `const { dynamo, s3, sqs } = await import(${JSON.stringify(pathToFileURL(file).href)});
      const all = await Promise.all([dynamo(), s3(), sqs()].map((client) => client.config.credentials()));
      console.log(JSON.stringify(all.map(({ accessKeyId, secretAccessKey, sessionToken }) => ({ accessKeyId, secretAccessKey, sessionToken }))));`;
    const env = { PATH: process.env.PATH, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'AKIDLAMBDA', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'token' };
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(Array(3).fill({ accessKeyId: 'AKIDLAMBDA', secretAccessKey: 'secret', sessionToken: 'token' }));
  });
});
