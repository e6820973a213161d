// esbuild settings of every Lambda bundle, shared by the CDK construct and the benchmark's cold-start
// measurement so that both build the same artifact. No aws-cdk-lib import: the benchmark loads this.

/** Lets the ESM bundle run the CommonJS parts of the AWS SDK that call `require`. */
export const ESM_REQUIRE_BANNER = "import{createRequire}from'module';const require=createRequire(import.meta.url);";
export const BUNDLE_TARGET = 'node24';
export const BUNDLE_MAIN_FIELDS = ['module', 'main'];
