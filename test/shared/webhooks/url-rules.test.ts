import { describe, expect, it } from 'vitest';
import { addressClass, addressRefusal, webhookUrlProblem } from '../../../shared/webhooks/url-rules.ts';

/** Internal addresses in every form, each with the class it is refused as. */
const INTERNAL: Array<[string, string]> = [
  // IPv6 forms of the instance metadata service and of private IPv4 addresses.
  ['64:ff9b::a9fe:a9fe', 'rfc6052'],
  ['64:ff9b::a00:1', 'rfc6052'],
  ['64:ff9b:1::a00:1', 'rfc6052'],
  ['2002:a9fe:a9fe::', '6to4'],
  ['::a9fe:a9fe', 'ipv4Compatible'],
  ['::2', 'ipv4Compatible'],
  ['2001::1', 'teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
  ['::ffff:0:a9fe:a9fe', 'rfc6145'],
  ['::ffff:169.254.169.254', 'linkLocal'],
  ['::ffff:a9fe:a9fe', 'linkLocal'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:10.0.0.1', 'private'],
  // IPv4.
  ['127.0.0.1', 'loopback'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'linkLocal'],
  ['100.64.0.1', 'carrierGradeNat'],
  ['224.0.0.1', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['0.0.0.0', 'unspecified'],
  ['192.0.0.1', 'reserved'],
  ['192.0.2.1', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['240.0.0.1', 'reserved'],
  // IPv6.
  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['fe80::1', 'linkLocal'],
  ['fc00::1', 'uniqueLocal'],
  ['fd12:3456::1', 'uniqueLocal'],
  ['ff02::1', 'multicast'],
  ['fec0::1', 'deprecatedSiteLocal'],
  ['100::1', 'discard'],
  ['2001:db8::1', 'reserved'],
  ['4000::1', 'unallocated'],
];

const PUBLIC = ['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:2800:220:1:248:1893:25c8:1946', '2001:4860:4860::8888', '::ffff:93.184.216.34'];

describe('webhook address rules', () => {
  it('classes every internal form, IPv6 translations of IPv4 included, and refuses it', () => {
    for (const [address, kind] of INTERNAL) {
      expect(addressClass(address), address).toBe(kind);
      expect(addressClass(`[${address}]`), address).toBe(kind);
      expect(addressRefusal(address, false), address).toEqual(expect.any(String));
    }
  });

  it('allows public unicast addresses', () => {
    for (const address of PUBLIC) {
      expect(addressClass(address), address).toBe('unicast');
      expect(addressRefusal(address, false), address).toBeUndefined();
    }
  });

  it('allows loopback, and only loopback, where local development asks for it', () => {
    for (const [address, kind] of INTERNAL) expect(addressRefusal(address, true) === undefined, address).toBe(kind === 'loopback');
    // The NAT64 form of 127.0.0.1 is not loopback on this host.
    expect(addressRefusal('64:ff9b::7f00:1', true)).toBe('a NAT64 address');
  });

  it('takes names as names: they are checked once resolved', () => {
    expect(addressClass('hooks.example.com')).toBeUndefined();
    expect(addressRefusal('hooks.example.com', false)).toBe('not an IP address');
  });

  it('refuses a URL naming any internal address, in any spelling the URL parser accepts', () => {
    for (const [address] of INTERNAL) {
      const host = address.includes(':') ? `[${address}]` : address;
      expect(webhookUrlProblem(`https://${host}/hook`, false), address).toMatch(/^must point at a public address: /);
    }
    for (const url of ['https://[::169.254.169.254]/', 'https://2852039166/', 'https://0xa9.0xfe.0xa9.0xfe/', 'https://127.1/', 'https://localhost/', 'https://LOCALHOST./', 'https://api.localhost/']) {
      expect(webhookUrlProblem(url, false), url).toMatch(/^must point at a public address: /);
    }
    for (const address of PUBLIC) expect(webhookUrlProblem(`https://${address.includes(':') ? `[${address}]` : address}/hook`, false), address).toBeUndefined();
    expect(webhookUrlProblem('https://hooks.example.com/ledger', false)).toBeUndefined();
  });
});
