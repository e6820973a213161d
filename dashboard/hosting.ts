// What serving the dashboard means, wherever it is served: the runtime configuration the app reads,
// the caching of each kind of file and the security headers with the Content-Security-Policy. Used by
// the local gateway (scripts/local/dashboard-front.ts) and by CloudFront (lib/dashboard-hosting.ts).

/** /dashboard/config.json: the stage's addresses, written at deploy time (and by the local stack). */
export interface DashboardConfig {
  /** The API's base URL; the app calls `${apiUrl}/dashboard/v1/...`. */
  apiUrl: string;
  /** The OpenID Connect issuer (discovery at `${issuer}/.well-known/openid-configuration`). */
  issuer: string;
  /** The public app client of the issuer. */
  clientId: string;
  /** The widget's ES module (`<import-widget>`), and the API it calls (the embed API's origin). */
  widgetScriptUrl: string;
  embedApiUrl: string;
  /** Where signing out ends when the issuer has no end_session_endpoint (Cognito's /logout). */
  logoutUrl: string | null;
}

/** Hashed assets never change under their name. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** index.html and config.json: a new release is picked up on the next load. */
export const DOCUMENT_CACHE_CONTROL = 'no-cache';

const origin = (url: string) => new URL(url).origin;

/**
 * Only the app's own files, the API, the issuer (discovery, token and logout) and the widget (its
 * script, and the embed API and presigned upload it calls when a file is imported from the dashboard).
 * Styles allow 'unsafe-inline': Mantine sets CSS variables in style attributes; no inline script runs.
 */
export function contentSecurityPolicy(config: DashboardConfig, extraConnect: string[] = []): string {
  const connect = [...new Set(["'self'", origin(config.apiUrl), origin(config.issuer), origin(config.embedApiUrl), ...extraConnect])];
  return [
    "default-src 'self'",
    `script-src 'self' ${origin(config.widgetScriptUrl)}`,
    "style-src 'self' 'unsafe-inline'",
    // Branding logos are the organization's own https URLs.
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Headers on every dashboard response, locally and from CloudFront. */
export function securityHeaders(config: DashboardConfig, extraConnect: string[] = []): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config, extraConnect),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  };
}
