import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postToReceiver, type ResolvedAddress } from '../../../shared/webhooks/post-to-receiver.ts';

/** A resolver with fixed answers, one list per call (the last repeats), that counts its calls. */
function resolver(...answers: string[][]) {
  const calls: string[] = [];
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    return answers[Math.min(calls.length, answers.length) - 1]!.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls };
}

describe('posting to a webhook receiver', () => {
  const received: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    received.push(req.headers);
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  let port = 0;
  const post = (host: string, options: { allowLoopback: boolean; resolve?: ReturnType<typeof resolver>['resolve'] }) =>
    postToReceiver(new URL(`http://${host}:${port}/hook`), { 'content-type': 'application/json' }, '{"id":"e1"}', { timeoutMs: 5000, ...options });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  it('refuses a name that resolves to an internal address, sending nothing', async () => {
    // Arrange: public-looking names whose answers lead inside (this machine's receiver among them).
    const cases: Array<[string[], string]> = [
      [['127.0.0.1'], 'resolves to 127.0.0.1, a loopback address'],
      [['169.254.169.254'], 'resolves to 169.254.169.254, a link-local address'],
      [['64:ff9b::a9fe:a9fe'], 'resolves to 64:ff9b::a9fe:a9fe, a NAT64 address'],
      [['2002:a9fe:a9fe::'], 'resolves to 2002:a9fe:a9fe::, a 6to4 address'],
      [['93.184.216.34', '10.0.0.1'], 'resolves to 10.0.0.1, a private address'],
      [['2606:2800:220:1:248:1893:25c8:1946', '::ffff:127.0.0.1'], 'resolves to ::ffff:127.0.0.1, a loopback address'],
    ];
    // Act
    const outcomes = await Promise.all(cases.map(([answer]) => post('hooks.example.test', { allowLoopback: false, resolve: resolver(answer).resolve })));
    // Assert
    outcomes.forEach((outcome, i) => expect(outcome).toEqual({ error: `hooks.example.test ${cases[i]![1]}` }));
    expect(received).toEqual([]);
    expect(await post('[::ffff:127.0.0.1]', { allowLoopback: false })).toEqual({ error: '::ffff:7f00:1 is a loopback address' });
    expect(await post('unresolvable.example.test', { allowLoopback: false, resolve: resolver([]).resolve })).toEqual({ error: 'cannot resolve unresolvable.example.test' });
    expect(received).toEqual([]);
  });

  it('resolves once and connects to the address it checked, keeping the name as the Host', async () => {
    // Arrange: the name answers this machine's receiver first, then an address nothing listens on
    // (a rebinding answer, here harmless, to tell which answer the connection used).
    const dns = resolver(['127.0.0.1'], ['127.0.0.2']);
    // Act: the name is in a reserved domain, so only the checked answer can reach the receiver.
    const outcome = await post('receiver.example.test', { allowLoopback: true, resolve: dns.resolve });
    // Assert
    expect(outcome).toEqual({ status: 204 });
    expect(dns.calls).toEqual(['receiver.example.test']);
    expect(received.at(-1)?.host).toBe(`receiver.example.test:${port}`);
  });

  it('presents the URL name over TLS (SNI), not the address it connects to', async () => {
    // Arrange: a TLS receiver with a self-signed certificate for the name, recording the SNI it is asked for.
    const dir = mkdtempSync(join(tmpdir(), 'webhook-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=receiver.example.test', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    const names: string[] = [];
    const SNICallback = (servername: string, done: (error: Error | null) => void) => {
      names.push(servername);
      done(null); // the server's own certificate
    };
    const tls = createTlsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')), SNICallback }, (_req, res) => res.writeHead(204).end());
    tls.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const { resolve } = resolver(['127.0.0.1']);
    try {
      // Act
      const outcome = await postToReceiver(new URL(`https://receiver.example.test:${(tls.address() as AddressInfo).port}/hook`), {}, '{}', { allowLoopback: true, timeoutMs: 5000, resolve });
      // Assert: the handshake named the host, and its certificate was checked (it is self-signed, so refused).
      expect(names).toEqual(['receiver.example.test']);
      expect(outcome.error).toMatch(/self-signed certificate/);
    } finally {
      tls.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
