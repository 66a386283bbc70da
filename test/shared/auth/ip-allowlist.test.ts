import { describe, expect, it } from 'vitest';
import { ipAllowed } from '../../../shared/auth/ip-allowlist.ts';

describe('IP allowlist', () => {
  it('allows everything when empty', () => {
    expect(ipAllowed([], '203.0.113.9')).toBe(true);
    expect(ipAllowed([], '2001:db8::1')).toBe(true);
  });

  it('matches single IPv4 addresses and CIDR ranges', () => {
    const list = ['198.51.100.7', '10.0.0.0/8'];
    expect(ipAllowed(list, '198.51.100.7')).toBe(true);
    expect(ipAllowed(list, '10.200.3.4')).toBe(true);
    expect(ipAllowed(list, '198.51.100.8')).toBe(false);
    expect(ipAllowed(list, '11.0.0.1')).toBe(false);
  });

  it('matches IPv6 addresses and ranges, and keeps families apart', () => {
    const list = ['2001:db8::/32', '::1'];
    expect(ipAllowed(list, '2001:db8:1234::5')).toBe(true);
    expect(ipAllowed(list, '::1')).toBe(true);
    expect(ipAllowed(list, '2001:db9::1')).toBe(false);
    expect(ipAllowed(list, '127.0.0.1')).toBe(false);
  });

  it('refuses something that is not an address', () => {
    expect(ipAllowed(['10.0.0.0/8'], 'unknown')).toBe(false);
  });
});
