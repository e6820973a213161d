// The widget's files on the local gateway: /widget/import-widget.js (ES module),
// /widget/import-widget.classic.js, the chunks they load next to them (the correction step) and the demo
// page /widget/demo.html?template=TPL[&locale=xx].
// Built once at startup into memory with the same build as `npm run build:widget`. Deployed, CDK
// serves the same bundles from a bucket behind CloudFront.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bundleWidgetSync, WIDGET_FILES } from '../../widget/build';

export const WIDGET_FRONT_PREFIX = '/widget';
const DEMO_PAGE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'widget', 'demo', 'demo.html');
/** Short, so that a restarted stack's new bundle is picked up within a minute. */
const SCRIPT_CACHE = 'public, max-age=60';

interface StaticFile {
  body: Buffer;
  headers: Record<string, string>;
}

export type WidgetFront = (request: IncomingMessage, response: ServerResponse) => void;

export function createWidgetFront(): WidgetFront {
  const { esm, classic, chunks } = bundleWidgetSync();
  const script = (body: Buffer): StaticFile => ({
    body,
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      // Any page may load the script: which pages may use a template is the embed API's origin rule.
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': SCRIPT_CACHE,
    },
  });
  const files = new Map<string, StaticFile>([
    [`${WIDGET_FRONT_PREFIX}/${WIDGET_FILES.esm}`, script(esm)],
    [`${WIDGET_FRONT_PREFIX}/${WIDGET_FILES.classic}`, script(classic)],
    ...Object.entries(chunks).map(([name, body]) => [`${WIDGET_FRONT_PREFIX}/${name}`, script(body)] as const),
    [`${WIDGET_FRONT_PREFIX}/demo.html`, {
      body: readFileSync(DEMO_PAGE),
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
    }],
  ]);
  return (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = files.get(path);
    const method = request.method ?? 'GET';
    if (!file) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Not found');
    } else if (method !== 'GET' && method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Method not allowed');
    } else {
      response.writeHead(200, { ...file.headers, 'Content-Length': String(file.body.length), 'X-Content-Type-Options': 'nosniff' });
      response.end(method === 'HEAD' ? undefined : file.body);
    }
  };
}
