// The Lambda bundles as lib/bundling.ts builds them (the CDK construct and the benchmark share it): an
// entry loaded at init and chunks loaded on demand. At init: the AWS SDK's clients without its default
// credential chain (replaced by the environment provider Lambda needs); on demand only: the S3 client and
// presigner, the spreadsheet readers (numfmt, saxes, yauzl), the SES client, and RE2 (only where template
// patterns are checked or run). A bundled SDK client in a fresh process takes the credentials Lambda puts in
// the environment, and a chunk loaded on demand runs from the bundle's directory. Their sizes are a
// figure the benchmark prints (npm run bench:cold-start), not a limit.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Metafile } from 'esbuild';
import { buildLambdaBundle, lambdaBuildOptions, outputsAtInit } from '../lib/bundling';
import { FUNCTION_GROUPS } from '../shared/http/route-definition';
import { scratchDir } from './support/scratch';

const ROOT = resolve(__dirname, '..');
jest.setTimeout(60_000);

const packageOf = (input: string) => /node_modules\/((@[^/]+\/)?[^/]+)/.exec(input)?.[1];

/** The package names and inputs of what the entry loads at init and of the chunks it loads only with import(). */
function layout(metafile: Metafile) {
  const atInit = outputsAtInit(metafile);
  const chunks = Object.keys(metafile.outputs).filter((file) => file.endsWith('.mjs'));
  const inputsOf = (files: string[]) => files.flatMap((file) => Object.keys(metafile.outputs[file].inputs));
  const init = inputsOf([...atInit]);
  const onDemand = inputsOf(chunks.filter((file) => !atInit.has(file)));
  return {
    entry: chunks.find((file) => file.endsWith('/index.mjs'))!,
    init,
    onDemand,
    initPackages: new Set(init.flatMap((input) => packageOf(input) ?? [])),
    onDemandPackages: new Set(onDemand.flatMap((input) => packageOf(input) ?? [])),
  };
}

function bundle(entry: string, outdir: string) {
  const metafile = buildLambdaBundle(ROOT, entry, outdir);
  const built = layout(metafile);
  return { ...built, text: readFileSync(resolve(built.entry), 'utf8'), packages: built.initPackages };
}

/** The SDK's clients are in; its default credential chain (SSO, INI files, container and instance metadata) is not. */
function expectSdkWithoutDefaultChain({ text, packages }: { text: string; packages: Set<string> }) {
  expect(packages.has('@aws-sdk/client-dynamodb')).toBe(true);
  expect(packages.has('@aws-sdk/credential-provider-node')).toBe(false);
  expect(text).not.toContain('AWS_CONTAINER_CREDENTIALS');
  expect(text).not.toContain('sso_start_url');
}

describe('Lambda bundles', () => {
  const dir = scratchDir('lambda-bundle');

  /** Loaded only with the first request that needs it, in every function that has it at all. */
  const ON_DEMAND_ONLY = ['@aws-sdk/client-s3', '@aws-sdk/client-sqs', '@aws-sdk/s3-request-presigner', '@aws-sdk/client-sesv2', 'numfmt', 'saxes', 'yauzl', 're2js'];

  it.each(FUNCTION_GROUPS)('of the %s API function: the SDK without its default credential chain, S3, SQS and SES on demand, no file readers', (group) => {
    const built = bundle(`functions/${group}/handler.ts`, join(dir, group));
    expectSdkWithoutDefaultChain(built);
    const { initPackages, onDemandPackages, init, onDemand } = built;
    expect(ON_DEMAND_ONLY.filter((name) => initPackages.has(name))).toEqual([]);
    expect([...init, ...onDemand].filter((input) => input.includes('shared/engine/readers/'))).toEqual([]);
    // The functions that read or write objects (rows, previews, corrections, upload URLs) have the S3 client as a chunk.
    expect(onDemandPackages.has('@aws-sdk/client-s3')).toBe(group !== 'templates' && group !== 'branding');
    // The functions that create or confirm imports (their deadline and processing messages) or resend webhooks have the SQS client as a chunk.
    expect(onDemandPackages.has('@aws-sdk/client-sqs')).toBe(['imports', 'embed', 'dashboard'].includes(group));
    expect(onDemandPackages.has('@aws-sdk/client-sesv2')).toBe(group === 'dashboard');
    // RE2 patterns: checked when a template is saved (also from the dashboard), and run by the correction step on corrected cells (imports, embed, dashboard).
    expect(onDemandPackages.has('re2js')).toBe(group !== 'branding');
  });

  it.each(['import-processor', 'webhook-worker'])('of the %s queue consumer: the SDK without its default credential chain, S3 and SQS on demand', (name) => {
    const built = bundle(`functions/${name}/handler.ts`, join(dir, name));
    expectSdkWithoutDefaultChain(built);
    expect(ON_DEMAND_ONLY.filter((name) => built.initPackages.has(name))).toEqual([]);
    expect(built.onDemandPackages.has('@aws-sdk/client-s3')).toBe(true);
    expect(built.onDemandPackages.has('@aws-sdk/client-sqs')).toBe(true);
    // The import processor reads workbooks with the readers (and numfmt) it loads for the first one.
    if (name === 'import-processor') expect(['numfmt', 'saxes', 'yauzl'].filter((pkg) => !built.onDemandPackages.has(pkg))).toEqual([]);
  });

  it('load every chunk from the bundle\'s own directory (the import processor\'s: S3, the spreadsheet readers)', () => {
    const outdir = join(dir, 'processor-run');
    const files = Object.keys(buildLambdaBundle(ROOT, 'functions/import-processor/handler.ts', outdir).outputs).filter((file) => file.endsWith('.mjs'));
    expect(files.length).toBeGreaterThan(2);
    const script = `for (const file of ${JSON.stringify(files.map((file) => pathToFileURL(resolve(file)).href))}) await import(file);
      console.log('loaded');`;
    const run = spawnSync(process.execPath, ['--enable-source-maps', '--input-type=module', '-e', script], { env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1' }, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('loaded');
  });

  it('of the token-claims trigger: no AWS SDK and nothing from node_modules (a pure function Cognito waits for)', () => {
    const { initPackages, onDemandPackages } = bundle('functions/token-claims/handler.ts', join(dir, 'token-claims'));
    expect([...initPackages, ...onDemandPackages]).toEqual([]);
  });

  it('take the credentials Lambda puts in the environment', async () => {
    const outdir = join(dir, 'clients');
    await build({ ...lambdaBuildOptions(ROOT), entryPoints: [join(ROOT, 'shared/aws/clients.ts'), join(ROOT, 'shared/aws/objects.ts'), join(ROOT, 'shared/aws/messages.ts')], entryNames: '[name]', outdir, logLevel: 'error' });
    const script = `const { dynamo } = await import(${JSON.stringify(pathToFileURL(join(outdir, 'clients.mjs')).href)});
      const { s3 } = await (await import(${JSON.stringify(pathToFileURL(join(outdir, 'objects.mjs')).href)})).loadS3();
      const { sqs } = await (await import(${JSON.stringify(pathToFileURL(join(outdir, 'messages.mjs')).href)})).loadSqs();
      const all = await Promise.all([dynamo(), s3(), sqs()].map((client) => client.config.credentials()));
      console.log(JSON.stringify(all.map(({ accessKeyId, secretAccessKey, sessionToken }) => ({ accessKeyId, secretAccessKey, sessionToken }))));`;
    const env = { PATH: process.env.PATH, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'AKIDLAMBDA', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'token' };
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(Array(3).fill({ accessKeyId: 'AKIDLAMBDA', secretAccessKey: 'secret', sessionToken: 'token' }));
  });
});
