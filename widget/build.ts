// Builds the widget with esbuild: import-widget.js (ES module) and import-widget.classic.js (a classic
// script, IIFE), minified for es2020, translations included. `npm run build:widget` writes them to
// dist/widget; the local stack builds them into memory at startup (scripts/local/widget-front.ts).
import { buildSync, type BuildOptions } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const HERE = dirname(fileURLToPath(import.meta.url));
const SOURCE = join(HERE, 'src');
export const WIDGET_FILES = { esm: 'import-widget.js', classic: 'import-widget.classic.js' } as const;
/** The size budget of each bundle, gzipped (issue 14). */
export const WIDGET_GZIP_BUDGET_BYTES = 30 * 1024;

const common: BuildOptions = {
  bundle: true,
  minify: true,
  target: 'es2020',
  platform: 'browser',
  write: false,
  legalComments: 'none',
  charset: 'utf8',
  tsconfig: join(HERE, 'tsconfig.json'),
  logLevel: 'silent',
};

/** Both bundles in memory. */
export function bundleWidgetSync(): { esm: Buffer; classic: Buffer } {
  const one = (entry: string, format: 'esm' | 'iife') => {
    const result = buildSync({ ...common, entryPoints: [join(SOURCE, entry)], format, outfile: `out.${format}.js` });
    return Buffer.from(result.outputFiles![0].contents);
  };
  return { esm: one('esm.ts', 'esm'), classic: one('classic.ts', 'iife') };
}

export function buildWidgetSync(outdir: string): { esm: string; classic: string; esmGzipBytes: number; classicGzipBytes: number } {
  const { esm, classic } = bundleWidgetSync();
  mkdirSync(outdir, { recursive: true });
  const esmPath = join(outdir, WIDGET_FILES.esm);
  const classicPath = join(outdir, WIDGET_FILES.classic);
  writeFileSync(esmPath, esm);
  writeFileSync(classicPath, classic);
  return {
    esm: esmPath,
    classic: classicPath,
    esmGzipBytes: gzipSync(esm, { level: 9 }).length,
    classicGzipBytes: gzipSync(classic, { level: 9 }).length,
  };
}

if (process.argv[1] && /widget[\\/]build\.ts$/.test(process.argv[1])) {
  const outdir = process.argv[2] ?? join(HERE, '..', 'dist', 'widget');
  const built = buildWidgetSync(outdir);
  console.log(`${built.esm}: ${(built.esmGzipBytes / 1024).toFixed(1)} KB gzipped`);
  console.log(`${built.classic}: ${(built.classicGzipBytes / 1024).toFixed(1)} KB gzipped`);
}
