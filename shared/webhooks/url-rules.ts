import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

/**
 * Where webhooks may be sent (pure). In AWS: https only, and only to public unicast addresses
 * (the service must not be a way into a network, nor to the instance metadata service through
 * an IPv6 form of it); the local stack also allows loopback, over http or https, for receivers
 * on the developer's machine. A name is checked for every address it resolves to, when the
 * delivery is sent (shared/webhooks/post-to-receiver.ts).
 */

/** IPv6 global unicast (RFC 4291 2.4): every address ever allocated to a registry lies in it. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** IPv4-compatible `::a.b.c.d` (deprecated by RFC 4291), which ipaddr.js calls unicast. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/** How refusals name each class (ipaddr.js's range names, plus the two above). */
const LABELS: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  linkLocal: 'a link-local address',
  uniqueLocal: 'a unique local (private) address',
  carrierGradeNat: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  unspecified: 'an unspecified address',
  reserved: 'a reserved address',
  rfc6052: 'a NAT64 address',
  rfc6145: 'an IPv4-translated address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
  ipv4Compatible: 'an IPv4-compatible address',
  unallocated: 'an IPv6 address outside global unicast (2000::/3)',
};

/**
 * The class of an IP address literal (brackets allowed), or undefined for a name: ipaddr.js's
 * range (`unicast` for a public address; `private`, `loopback`, `rfc6052` (NAT64), `6to4`,
 * `teredo`, ...), with an IPv4-mapped `::ffff:a.b.c.d` classed as the IPv4 address it carries,
 * and IPv6 that ipaddr.js leaves as unicast but that is not global unicast named
 * `ipv4Compatible` (`::/96`) or `unallocated` (outside `2000::/3`).
 */
export function addressClass(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 0) return undefined;
  const ip = ipaddr.parse(bare);
  if (!(ip instanceof ipaddr.IPv6)) return ip.range();
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address().range();
  const range: string = ip.range();
  if (range !== 'unicast') return range;
  if (ip.match(IPV4_COMPATIBLE)) return 'ipv4Compatible';
  return ip.match(GLOBAL_UNICAST) ? 'unicast' : 'unallocated';
}

const LOOPBACK_NAMES = /^(localhost|.+\.localhost)\.?$/i;

/** A loopback literal, or a name that always means loopback (RFC 6761: `localhost`, `*.localhost`). */
export const isLoopback = (host: string) => LOOPBACK_NAMES.test(host) || addressClass(host) === 'loopback';

/**
 * Why an IP address (a literal of the URL, or what its name resolved to) may not receive
 * webhooks, as a phrase ("a NAT64 address"), or undefined when it may: only public unicast
 * addresses, and loopback ones where `allowLoopback` (local development). A name is not an
 * address: resolve it first.
 */
export function addressRefusal(address: string, allowLoopback: boolean): string | undefined {
  const kind = addressClass(address);
  if (kind === undefined) return 'not an IP address';
  if (kind === 'unicast' || (allowLoopback && kind === 'loopback')) return undefined;
  return LABELS[kind] ?? `a ${kind} address`;
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
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const refusal = addressClass(host) === undefined ? (!allowLoopback && isLoopback(host) ? 'a loopback name' : undefined) : addressRefusal(host, allowLoopback);
  return refusal && `must point at a public address: ${host} is ${refusal}`;
}
