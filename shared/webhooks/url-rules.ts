import { BlockList, isIP } from 'node:net';

/**
 * Where webhooks may be sent (pure). In AWS: https only, and never to a private, loopback,
 * link-local or otherwise internal address (the service must not be a way into a network); the
 * local stack also allows loopback, over http or https, for receivers on the developer's machine.
 */
const INTERNAL = new BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) INTERNAL.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) INTERNAL.addSubnet(address, prefix, 'ipv6');

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export const isLoopback = (host: string) => LOOPBACK_NAMES.has(host.toLowerCase()) || (isIP(host) === 4 && host.startsWith('127.'));

/** Whether an address (a literal, or what a name resolved to) may receive webhooks. */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return true; // a name: checked again once resolved
  if (allowLoopback && isLoopback(bare)) return true;
  // IPv4-mapped IPv6 addresses are checked as the IPv4 address they carry.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped) return addressAllowed(mapped, allowLoopback);
  return !INTERNAL.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why the URL cannot receive webhooks, or undefined when it can. */
export function webhookUrlProblem(text: string, allowLoopback: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an absolute URL';
  }
  const loopback = allowLoopback && isLoopback(url.hostname);
  if (url.protocol !== 'https:' && !(loopback && url.protocol === 'http:')) return allowLoopback ? 'must be https (or http to a loopback address)' : 'must be https';
  if (url.username || url.password) return 'must not carry credentials';
  if (!addressAllowed(url.hostname, allowLoopback)) return 'must not point at a private, loopback or link-local address';
  if (!allowLoopback && url.hostname.toLowerCase() === 'localhost') return 'must not point at a private, loopback or link-local address';
  return undefined;
}
