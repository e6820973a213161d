// esbuild settings of every Lambda bundle, shared by the CDK construct and the benchmark's cold-start
// measurement so that both build the same artifact. No aws-cdk-lib import: the benchmark loads this.

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
 * The esbuild options of a Lambda bundle as the CDK construct sets them (lib/api-function.ts passes the
 * same values through NodejsFunction), for the builds the benchmark and the tests make themselves.
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
  };
}
