// Webhook URLs: absolute http(s). A deployed stack only sends to public https addresses (checked here
// when the URL is set, and again at connect time by the webhook worker); the local stack allows
// loopback so a receiver on 127.0.0.1 works.
import { isIP } from 'node:net';

const PRIVATE_V4 = [
  ['10.0.0.0', 8],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['0.0.0.0', 8],
] as const;

function ipv4ToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => (acc << 8) + Number(part), 0) >>> 0;
}

export function isPrivateAddress(address: string): boolean {
  const host = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) === 4) {
    const value = ipv4ToInt(host);
    return PRIVATE_V4.some(([base, bits]) => (value >>> (32 - bits)) === (ipv4ToInt(base) >>> (32 - bits)));
  }
  if (isIP(host) === 6) {
    if (host === '::1' || host === '::') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    if (mapped) return isPrivateAddress(mapped[1]);
    return /^(fc|fd|fe8|fe9|fea|feb)/.test(host);
  }
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal');
}

/** Returns a reason the URL is unacceptable, or undefined when it is fine. */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'webhook URL must be an absolute URL';
  }
  if (url.username || url.password) return 'webhook URL must not contain credentials';
  if (allowPrivate) {
    return url.protocol === 'https:' || url.protocol === 'http:' ? undefined : 'webhook URL must use http or https';
  }
  if (url.protocol !== 'https:') return 'webhook URL must use https';
  if (isPrivateAddress(url.hostname)) return 'webhook URL must not point to a private, loopback or link-local address';
  return undefined;
}
