// Webhook address policy: which URLs and addresses a webhook may go to. A deployed stack only sends to
// public https addresses (checked when the URL is set, and again by the webhook worker on every resolved
// address before connecting); the local stack allows loopback and private ranges so a receiver on
// 127.0.0.1 works.
import { BlockList, isIP } from 'node:net';

/**
 * IPv4 ranges that are not publicly routable unicast (IANA special-purpose registry). Numeric host forms
 * (`2130706433`, `0177.0.0.1`, `0x7f.0.0.1`, `127.1`) need no handling here: `new URL()` rewrites them
 * to dotted quads before any hostname reaches this module.
 */
const FORBIDDEN_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", includes the unspecified 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, includes cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (e.g. 192.0.0.170 NAT64 discovery)
  ['192.0.2.0', 24], // documentation TEST-NET-1
  ['192.88.99.0', 24], // former 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation TEST-NET-2
  ['203.0.113.0', 24], // documentation TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes broadcast 255.255.255.255
];

/**
 * IPv6: only global unicast (2000::/3) can be a webhook receiver, so everything outside it is refused
 * (::, ::1, IPv4-compatible ::/96, fc00::/7 unique-local, fe80::/10 link-local, ff00::/8 multicast,
 * ...). Forms that embed an IPv4 address (mapped, NAT64, 6to4) are judged by that IPv4 address first,
 * see embeddedV4.
 */
const FORBIDDEN_V6: readonly (readonly [string, number])[] = [
  ['::', 3], // 0000::/3: unspecified, loopback, IPv4-compatible/mapped/translated, NAT64 local-use, discard
  ['4000::', 2], // 4000::/2: unassigned, fc00::/7, fe80::/10, ff00::/8 and the rest of the upper space
  ['8000::', 1],
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking 2001:2::/48, ORCHID
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
];

function blockList(v4: typeof FORBIDDEN_V4, v6: typeof FORBIDDEN_V6): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of v4) list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of v6) list.addSubnet(network, prefix, 'ipv6');
  return list;
}

// Two lists rather than one: BlockList matches IPv4 rules against IPv4-mapped IPv6 on its own, and the
// v6 list refuses all of ::/3, so v4 and v6 verdicts are kept apart and combined explicitly below.
const V4_LIST = blockList(FORBIDDEN_V4, []);
const V6_LIST = blockList([], FORBIDDEN_V6);

/** The eight 16-bit groups of a valid IPv6 literal (already checked with isIP), trailing dotted quad included. */
function ipv6Groups(ip: string): number[] {
  let text = ip;
  const tail: number[] = [];
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number);
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, quad.index);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [head, rest] = text.split('::');
  if (rest === undefined) return [...groups(head), ...tail];
  const before = groups(head);
  const after = [...groups(rest), ...tail];
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

function v4FromGroups(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * The IPv4 address that traffic to this IPv6 address ends up at, for the forms that embed one:
 * IPv4-mapped ::ffff:a.b.c.d (the socket connects over IPv4), NAT64 64:ff9b::/96 (the gateway forwards
 * to the embedded address) and 6to4 2002:aabb:ccdd::/48 (tunnelled to aa.bb.cc.dd).
 */
function embeddedV4(ip: string): string | undefined {
  const g = ipv6Groups(ip);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return v4FromGroups(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4FromGroups(g[6], g[7]);
  if (g[0] === 0x2002) return v4FromGroups(g[1], g[2]);
  return undefined;
}

function isForbiddenIp(ip: string, family: number): boolean {
  if (family === 4) return V4_LIST.check(ip, 'ipv4');
  // A zone index (fe80::1%eth0) only exists for link-scoped addresses.
  if (ip.includes('%')) return true;
  const v4 = embeddedV4(ip);
  if (v4 !== undefined && V4_LIST.check(v4, 'ipv4')) return true;
  // A mapped or NAT64 form of a public IPv4 is public; 6to4 must also pass the IPv6 list (2002::/16 does).
  if (v4 !== undefined && !ip.toLowerCase().startsWith('2002:')) return false;
  return V6_LIST.check(ip, 'ipv6');
}

/** Names that resolve to the machine itself or to a cloud provider's internal network. */
function isForbiddenName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, ''); // `localhost.` is `localhost`
  return name === 'localhost' || name.endsWith('.localhost') || name === 'internal' || name.endsWith('.internal');
}

/**
 * True when a deployed stack must not send to this host: an IP address (bare or in URL brackets, as
 * URL.hostname gives it) in a non-public range, or a hostname that is local by definition. Pass a
 * URL-normalized hostname or a resolved address; a public-looking name still needs its resolved
 * addresses checked.
 */
export function isPrivateAddress(address: string): boolean {
  const host = address.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  return family === 0 ? isForbiddenName(host) : isForbiddenIp(host, family);
}

export type WebhookUrlCheck =
  | { ok: true; url: URL }
  | { ok: false; kind: 'invalid_url' | 'forbidden_address'; reason: string };

/**
 * The whole URL policy, with the kind of refusal (the webhook worker reports the two differently). In a
 * deployed stack the address is judged before the scheme, so http://127.0.0.1 is reported as a
 * forbidden address, the more serious of its two problems.
 */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): WebhookUrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, kind: 'invalid_url', reason: 'webhook URL must be an absolute URL' };
  }
  if (url.username || url.password) return { ok: false, kind: 'invalid_url', reason: 'webhook URL must not contain credentials' };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, kind: 'invalid_url', reason: allowPrivate ? 'webhook URL must use http or https' : 'webhook URL must use https' };
  }
  if (allowPrivate) return { ok: true, url };
  if (isPrivateAddress(url.hostname)) {
    return { ok: false, kind: 'forbidden_address', reason: 'webhook URL must not point to a private, loopback or link-local address' };
  }
  if (url.protocol !== 'https:') return { ok: false, kind: 'invalid_url', reason: 'webhook URL must use https' };
  return { ok: true, url };
}

/** Returns a reason the URL is unacceptable, or undefined when it is fine. */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): string | undefined {
  const check = checkWebhookUrl(raw, allowPrivate);
  return check.ok ? undefined : check.reason;
}
