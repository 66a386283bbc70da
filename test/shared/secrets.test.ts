import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';

/** In AWS the service secret comes from the Parameters and Secrets Lambda Extension on loopback; a stand-in plays it here. */
describe('service secrets in AWS', () => {
  const requests: Array<{ url: string; token: string | undefined }> = [];
  const secret = { signingKeys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd', kid: 'k1' }], cursorKey: 'c'.repeat(43) };
  let failing = false;
  const extension = createServer((req, res) => {
    requests.push({ url: req.url ?? '', token: req.headers['x-aws-parameters-secrets-token'] as string | undefined });
    if (failing) {
      res.statusCode = 500;
      res.end();
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ARN: 'arn', SecretString: JSON.stringify(secret) }));
  });
  afterAll(() => new Promise<void>((resolve) => extension.close(() => resolve())));

  it('reads the secret through the extension with the session token, once per cache period', async () => {
    await new Promise<void>((resolve) => extension.listen(0, '127.0.0.1', resolve));
    delete process.env.SECRETS_FILE;
    Object.assign(process.env, {
      SERVICE_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:ledger-AbCdEf',
      PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: String((extension.address() as AddressInfo).port),
      AWS_SESSION_TOKEN: 'session-token',
    });
    const { serviceSecrets } = await import('../../shared/secrets.ts');

    const first = await serviceSecrets();
    const second = await serviceSecrets();

    expect(first).toEqual(secret);
    expect(second).toBe(first);
    expect(requests).toEqual([{ url: `/secretsmanager/get?secretId=${encodeURIComponent(process.env.SERVICE_SECRET_ARN!)}`, token: 'session-token' }]);
  });

  it('reads it again once the cache period ends, keeping what it had when the read fails', async () => {
    const { serviceSecrets } = await import('../../shared/secrets.ts');
    process.env.SECRETS_CACHE_SECONDS = '0';
    failing = true;
    try {
      const before = requests.length;
      expect(await serviceSecrets()).toEqual(secret);
      expect(requests.length).toBe(before + 1);
    } finally {
      failing = false;
      delete process.env.SECRETS_CACHE_SECONDS;
    }
  });
});

describe('the service secret before key rotation', () => {
  it('reads a single signingKey as the only key, named legacy', async () => {
    const { LEGACY_KID, parseServiceSecrets } = await import('../../shared/secrets.ts');
    const { newSigningKey } = await import('../../shared/auth/new-signing-key.ts');
    const { kid: _kid, ...legacy } = await newSigningKey();

    const secrets = parseServiceSecrets(JSON.stringify({ signingKey: legacy, cursorKey: 'c'.repeat(43) }));

    expect(secrets.signingKeys).toEqual([{ ...legacy, kid: LEGACY_KID }]);
    expect(() => parseServiceSecrets(JSON.stringify({ cursorKey: 'c'.repeat(43) }))).toThrow(/no signing key/);
  });
});
