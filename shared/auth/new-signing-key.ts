import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import type { SigningKey } from '../secrets.ts';

/** A fresh ES256 key pair as a private JWK whose `kid` is its RFC 7638 thumbprint. */
export async function newSigningKey(): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  if (!jwk.d) throw new Error('The generated key has no private part');
  return { ...jwk, d: jwk.d, kid: await calculateJwkThumbprint(jwk), alg: 'ES256', use: 'sig' };
}
