// Builds the widget with esbuild: import-widget.js (ES module) and import-widget.classic.js (a classic
// script, IIFE), minified for es2020, translations included; and the correction step, loaded only when an
// import waits for corrections, as a chunk of each: the ES module's by code splitting (a dynamic import
// next to the module), the classic script's as a second IIFE that the first adds as a <script> with its
// integrity hash. `npm run build:widget` writes them to dist/widget; the local stack builds them into
// memory at startup (scripts/local/widget-front.ts); the deployment puts them in one release directory
// (lib/widget-hosting.ts).
import { buildSync, type BuildOptions } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const HERE = dirname(fileURLToPath(import.meta.url));
const SOURCE = join(HERE, 'src');
export const WIDGET_FILES = { esm: 'import-widget.js', classic: 'import-widget.classic.js' } as const;
const CLASSIC_CHUNK = { file: 'import-widget-corrections.classic.js', global: '__importWidgetCorrections' };
/** The size budget of each first load, and of each lazily loaded chunk, gzipped (issue 14). */
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

export interface WidgetBundles {
  esm: Buffer;
  classic: Buffer;
  /** The lazily loaded files, by name; served and deployed next to the two entries. */
  chunks: Record<string, Buffer>;
}

/** Every file in memory. */
export function bundleWidgetSync(): WidgetBundles {
  const modules = buildSync({
    ...common,
    entryPoints: { 'import-widget': join(SOURCE, 'esm.ts') },
    format: 'esm',
    splitting: true,
    outdir: 'out',
    chunkNames: 'import-widget-[name]-[hash]',
  }).outputFiles!;
  const esm = modules.find((file) => basename(file.path) === WIDGET_FILES.esm)!;
  const chunks: Record<string, Buffer> = {};
  for (const file of modules) if (file !== esm) chunks[basename(file.path)] = Buffer.from(file.contents);

  const classicChunk = Buffer.from(buildSync({
    ...common,
    entryPoints: [join(SOURCE, 'corrections-classic.ts')],
    format: 'iife',
    globalName: CLASSIC_CHUNK.global,
    outfile: CLASSIC_CHUNK.file,
  }).outputFiles![0].contents);
  chunks[CLASSIC_CHUNK.file] = classicChunk;
  const integrity = `sha384-${createHash('sha384').update(classicChunk).digest('base64')}`;
  const classic = buildSync({
    ...common,
    entryPoints: [join(SOURCE, 'classic.ts')],
    format: 'iife',
    outfile: WIDGET_FILES.classic,
    define: { CORRECTIONS_CLASSIC: JSON.stringify({ ...CLASSIC_CHUNK, integrity }) },
  }).outputFiles![0].contents;
  return { esm: Buffer.from(esm.contents), classic: Buffer.from(classic), chunks };
}

const gzipBytes = (code: Buffer) => gzipSync(code, { level: 9 }).length;

/** The files the ES module imports statically (a chunk shared with the lazy one, if esbuild made one). */
function staticImports(code: Buffer): string[] {
  return [...code.toString('utf8').matchAll(/(?:^|[;}])import\s*(?:[\w${},*\s]+from\s*)?["']\.\/([^"']+)["']/g)].map((match) => match[1]);
}

export function buildWidgetSync(outdir: string) {
  const bundles = bundleWidgetSync();
  mkdirSync(outdir, { recursive: true });
  const files: Record<string, Buffer> = { [WIDGET_FILES.esm]: bundles.esm, [WIDGET_FILES.classic]: bundles.classic, ...bundles.chunks };
  for (const [name, code] of Object.entries(files)) writeFileSync(join(outdir, name), code);
  const firstLoad = [WIDGET_FILES.esm, ...staticImports(bundles.esm)];
  return {
    esm: join(outdir, WIDGET_FILES.esm),
    classic: join(outdir, WIDGET_FILES.classic),
    chunks: Object.keys(bundles.chunks).map((name) => join(outdir, name)),
    /** The ES module's first load: itself and what it imports statically. */
    esmFirstLoad: firstLoad,
    esmGzipBytes: firstLoad.reduce((sum, name) => sum + gzipBytes(files[name]), 0),
    classicGzipBytes: gzipBytes(bundles.classic),
    chunkGzipBytes: Object.fromEntries(Object.entries(bundles.chunks).map(([name, code]) => [name, gzipBytes(code)])),
  };
}

if (process.argv[1] && /widget[\\/]build\.ts$/.test(process.argv[1])) {
  const outdir = process.argv[2] ?? join(HERE, '..', 'dist', 'widget');
  const built = buildWidgetSync(outdir);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB gzipped`;
  console.log(`first load, ES module (${built.esmFirstLoad.join(' + ')}): ${kb(built.esmGzipBytes)}`);
  console.log(`first load, classic (${WIDGET_FILES.classic}): ${kb(built.classicGzipBytes)}`);
  for (const [name, bytes] of Object.entries(built.chunkGzipBytes)) {
    if (!built.esmFirstLoad.includes(name)) console.log(`lazy ${name}: ${kb(bytes)}`);
  }
}
