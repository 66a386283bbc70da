import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS_KEPT, rotated } from '../../../shared/auth/key-set.ts';
import { newSigningKey } from '../../../shared/auth/new-signing-key.ts';
import { rotatedSecretText } from '../../../shared/auth/rotate-secret.ts';
import { signAccessToken } from '../../../shared/auth/sign-access-token.ts';
import { RELOAD_COOLDOWN_MS } from '../../../shared/auth/signing-keys.ts';
import { config } from '../../../shared/config.ts';
import { parseServiceSecrets } from '../../../shared/secrets.ts';
import { client, companyOwner, useGateway } from '../../support/api.ts';

const gateway = useGateway();

/** This file rotates its own copy of the secrets file, so other files' tokens are untouched. */
describe('access-token signing key rotation', () => {
  const saved = { file: process.env.SECRETS_FILE, cache: process.env.SECRETS_CACHE_SECONDS };
  const file = join(tmpdir(), `ledger-secrets-${process.pid}-${Date.now()}.json`);
  const rotate = async (options: { retirePrevious?: boolean } = {}) => {
    const { text, kids } = await rotatedSecretText(readFileSync(file, 'utf8'), options);
    writeFileSync(file, text);
    return kids;
  };

  beforeAll(() => {
    copyFileSync(saved.file!, file);
    Object.assign(process.env, { SECRETS_FILE: file, SECRETS_CACHE_SECONDS: '0' });
  });
  afterAll(() => Object.assign(process.env, { SECRETS_FILE: saved.file, SECRETS_CACHE_SECONDS: saved.cache }));

  it('keeps at most the current and the previous key, newest first', async () => {
    const [a, b, c] = await Promise.all([newSigningKey(), newSigningKey(), newSigningKey()]);
    expect(rotated(rotated([a!], b!), c!).map((k) => k.kid)).toEqual([c!.kid, b!.kid]);
    expect(KEYS_KEPT).toBe(2);
    expect(() => rotated([a!], a!)).toThrow(/already/);
  });

  it('accepts tokens of the current and previous key during the overlap, and refuses a retired key', async () => {
    const owner = await companyOwner(gateway.url);
    const before = await signAccessToken({ userId: owner.user.id, email: owner.user.email });
    const asUser = (token: string) => client(gateway.url, `Bearer ${token}`).get(owner.base);
    expect((await asUser(before)).status).toBe(200);

    const [current, previous] = await rotate();
    const after = await signAccessToken({ userId: owner.user.id, email: owner.user.email });
    expect(decodeProtectedHeader(before).kid).toBe(previous);
    expect(decodeProtectedHeader(after).kid).toBe(current);
    expect((await asUser(before)).status).toBe(200);
    expect((await asUser(after)).status).toBe(200);

    // A second rotation retires the key `before` was signed with.
    await rotate();
    const retired = await asUser(before);
    expect(retired.status).toBe(401);
    expect(retired.body.errors[0].code).toBe('Unauthorized');
    expect((await asUser(after)).status).toBe(200);

    // --retire-previous: only the new key verifies from now on.
    const [only] = await rotate({ retirePrevious: true });
    const fresh = await signAccessToken({ userId: owner.user.id, email: owner.user.email });
    expect(decodeProtectedHeader(fresh).kid).toBe(only);
    expect((await asUser(after)).status).toBe(401);
    expect((await asUser(fresh)).status).toBe(200);
  });

  it('verifies a token of a key rotated in by another process at once, before its cache runs out', async () => {
    process.env.SECRETS_CACHE_SECONDS = '300';
    const owner = await companyOwner(gateway.url);
    // The retired-key request above read the secret again just now; let its cooldown pass.
    await new Promise((resolve) => setTimeout(resolve, RELOAD_COOLDOWN_MS + 100));
    const [current] = await rotate();
    // Signed elsewhere (another function already reading the new version), with the new key.
    const key = (await parseServiceSecrets(readFileSync(file, 'utf8'))).signingKeys[0]!;
    const sign = async (jwk: typeof key) =>
      new SignJWT({ email: owner.user.email })
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: jwk.kid })
        .setSubject(owner.user.id)
        .setIssuer(config.tokenIssuer)
        .setAudience(config.tokenAudience)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(await importJWK(jwk, 'ES256'));

    expect(key.kid).toBe(current);
    expect((await client(gateway.url, `Bearer ${await sign(key)}`).get(owner.base)).status).toBe(200);
    // A key the secret never held stays refused.
    const stranger = await newSigningKey();
    expect((await client(gateway.url, `Bearer ${await sign(stranger)}`).get(owner.base)).status).toBe(401);
  });
});
