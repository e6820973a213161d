// The dashboard app on the local gateway, as CloudFront serves it deployed: /dashboard/assets/* (hashed,
// immutable), /dashboard/config.json (this stack's addresses) and index.html for every other path under
// /dashboard/ (the app's own routes, /dashboard/callback included), with the same security headers.
// /dashboard/v1/* is the API and never reaches this. The build runs in the background from startup
// (dashboard/build.ts caches it by source hash); a request that comes first waits for it.
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cachedDashboardBuild, DASHBOARD_ASSETS_DIR, DASHBOARD_BASE, DASHBOARD_CONFIG_FILE } from '../../dashboard/build';
import { ASSET_CACHE_CONTROL, DOCUMENT_CACHE_CONTROL, securityHeaders, type DashboardConfig } from '../../dashboard/hosting';

export const DASHBOARD_FRONT_PREFIX = DASHBOARD_BASE.replace(/\/$/, '');
/** The API's own prefix: requests there are the gateway's routes, not files. */
const API_PREFIX = `${DASHBOARD_FRONT_PREFIX}/v1/`;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

export type DashboardFront = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/** Whether the gateway hands this request to the dashboard front (its path, not the API's). */
export function isDashboardPath(url: string | undefined): boolean {
  const path = (url ?? '').split('?')[0];
  return (path === DASHBOARD_FRONT_PREFIX || path.startsWith(DASHBOARD_BASE)) && !path.startsWith(API_PREFIX) && path !== `${DASHBOARD_FRONT_PREFIX}/v1`;
}

export function createDashboardFront(configFor: () => DashboardConfig): DashboardFront {
  const built = cachedDashboardBuild();
  // An unhandled rejection would end the stack: a failed build is reported on each request instead.
  built.catch((error) => console.error('Local dashboard: the build failed', error));
  return async (request, response) => {
    const method = request.method ?? 'GET';
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const config = configFor();
    const headers = securityHeaders(config);
    if (method !== 'GET' && method !== 'HEAD') {
      response.writeHead(405, { ...headers, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Method not allowed');
      return;
    }
    // Opened as localhost:3000 rather than 127.0.0.1:3000: the issuer and its redirect addresses are the
    // stack's own host, so the app is sent there first (a sign-in from another host could not come back).
    const own = new URL(config.apiUrl);
    if (request.headers.host && request.headers.host !== own.host) {
      response.writeHead(302, { ...headers, Location: new URL(request.url ?? DASHBOARD_BASE, own).href });
      response.end();
      return;
    }
    if (path === DASHBOARD_FRONT_PREFIX) {
      response.writeHead(301, { ...headers, Location: DASHBOARD_BASE });
      response.end();
      return;
    }
    const send = (status: number, body: Buffer | string, type: string, cacheControl: string) => {
      const bytes = typeof body === 'string' ? Buffer.from(body) : body;
      response.writeHead(status, { ...headers, 'Content-Type': type, 'Content-Length': String(bytes.length), 'Cache-Control': cacheControl });
      response.end(method === 'HEAD' ? undefined : bytes);
    };
    if (path === `${DASHBOARD_BASE}${DASHBOARD_CONFIG_FILE}`) return send(200, JSON.stringify(config), TYPES['.json'], DOCUMENT_CACHE_CONTROL);
    let dir: string;
    try {
      dir = await built;
    } catch {
      return send(503, 'The dashboard failed to build; see the stack output.', 'text/plain; charset=utf-8', 'no-store');
    }
    const relativePath = path.slice(DASHBOARD_BASE.length);
    if (relativePath.startsWith(`${DASHBOARD_ASSETS_DIR}/`)) {
      const file = normalize(join(dir, relativePath));
      if (!file.startsWith(`${dir}${sep}`)) return send(404, 'Not found', 'text/plain; charset=utf-8', 'no-store');
      const body = await readFile(file).catch(() => undefined);
      // A missing asset is a 404, never the app's page: a stale index asking for it must fail visibly.
      if (!body) return send(404, 'Not found', 'text/plain; charset=utf-8', 'no-store');
      return send(200, body, TYPES[extname(file)] ?? 'application/octet-stream', ASSET_CACHE_CONTROL);
    }
    // Every other path is one of the app's routes: the app decides what it shows.
    return send(200, await readFile(join(dir, 'index.html')), TYPES['.html'], DOCUMENT_CACHE_CONTROL);
  };
}
