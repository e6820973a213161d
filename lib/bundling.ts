// The Lambda bundles: esbuild settings and the build itself, shared by the CDK construct (which runs
// the build at synth and deploys the directory as the function's asset) and the benchmark's cold-start
// measurement, so that both build the same artifact. No aws-cdk-lib import: the benchmark loads this.
//
// Code splitting: a bundle is an entry `index.mjs` and chunks it loads on demand. What the code loads
// with import() (the S3 client, the presigner, the spreadsheet readers, the SES client, RE2) becomes a chunk
// that a cold start does not read or compile; a function pays for it with the first request that needs
// it. test/lambda-bundle.test.ts checks what each function loads at init and what only on demand.
import { cpSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildSync, type Metafile } from 'esbuild';

/**
 * Lets the ESM bundle run CommonJS dependencies that call `require` (the spreadsheet readers' saxes and
 * yauzl, for one). The import is aliased: esbuild does not see banner text, so a bundled module importing
 * `createRequire` itself would otherwise declare the same name twice and the bundle would not load.
 */
export const ESM_REQUIRE_BANNER =
  "import{createRequire as __bannerCreateRequire}from'module';const require=__bannerCreateRequire(import.meta.url);";
export const BUNDLE_TARGET = 'node24';
/** The functions' NODE_OPTIONS: minified stack traces are unreadable without the bundle's source map. */
export const LAMBDA_NODE_OPTIONS = '--enable-source-maps';
export const BUNDLE_MAIN_FIELDS = ['module', 'main'];

/**
 * Packages the bundles replace, by path from the project root: the SDK's default credential chain by
 * the environment provider Lambda needs (shared/aws/lambda-credentials.ts says why).
 */
export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': 'shared/aws/lambda-credentials.ts',
};

/** BUNDLE_ALIASES with absolute paths, as esbuild takes them. */
export const bundleAliases = (projectRoot: string): Record<string, string> =>
  Object.fromEntries(Object.entries(BUNDLE_ALIASES).map(([name, file]) => [name, `${projectRoot.replace(/\/$/, '')}/${file}`]));

/**
 * The esbuild options of a Lambda bundle (with `entryPoints` and `outdir`): minified ESM, the entry as
 * index.mjs (the handler is index.handler) and its chunks under chunks/, each with a source map.
 */
export function lambdaBuildOptions(projectRoot: string) {
  return {
    bundle: true,
    platform: 'node' as const,
    format: 'esm' as const,
    target: BUNDLE_TARGET,
    mainFields: BUNDLE_MAIN_FIELDS,
    banner: { js: ESM_REQUIRE_BANNER },
    minify: true,
    alias: bundleAliases(projectRoot),
    splitting: true,
    entryNames: 'index',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    // Stack traces need the mappings only; the sources would double the asset.
    sourcemap: true,
    sourcesContent: false,
  };
}

/**
 * Build the function whose handler is `entry` (relative to projectRoot) into `outdir`, and copy the
 * package files it loads at run time next to it (node_modules/<package>/<file>). Nothing is external:
 * the SDK's version is our lockfile's, not whatever the runtime ships.
 */
export function buildLambdaBundle(projectRoot: string, entry: string, outdir: string, shippedModuleFiles: Record<string, string[]> = {}): Metafile {
  const { metafile } = buildSync({ ...lambdaBuildOptions(projectRoot), entryPoints: [join(projectRoot, entry)], outdir, metafile: true, logLevel: 'warning' });
  for (const [name, files] of Object.entries(shippedModuleFiles)) {
    for (const file of files) {
      const target = join(outdir, 'node_modules', name, file);
      mkdirSync(dirname(target), { recursive: true });
      cpSync(join(projectRoot, 'node_modules', name, file), target);
    }
  }
  return metafile!;
}

/**
 * The output files a bundle's entry loads at init: the entry and its static imports, transitively.
 * Every other chunk is loaded only by an import() that runs (what a cold start skips).
 */
export function outputsAtInit(metafile: Metafile): Set<string> {
  const entry = Object.keys(metafile.outputs).find((file) => /(^|\/)index\.mjs$/.test(file));
  const atInit = new Set<string>();
  const visit = (file: string) => {
    if (atInit.has(file)) return;
    atInit.add(file);
    for (const imported of metafile.outputs[file].imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  if (entry) visit(entry);
  return atInit;
}
