import { importJWK, type CryptoKey, type JWK } from 'jose';
import { serviceSecrets } from '../secrets.ts';

/** The ES256 key pair of the service's access tokens, imported once per process from the service secret. */
export const ACCESS_TOKEN_ALG = 'ES256';

let publicKey: Promise<CryptoKey> | undefined;
let privateKey: Promise<CryptoKey> | undefined;

export function accessTokenPublicKey(): Promise<CryptoKey> {
  publicKey ??= serviceSecrets().then(({ signingKey }) => {
    const { d: _private, ...publicJwk } = signingKey;
    return importJWK(publicJwk as JWK, ACCESS_TOKEN_ALG) as Promise<CryptoKey>;
  });
  return publicKey;
}

export function accessTokenPrivateKey(): Promise<CryptoKey> {
  privateKey ??= serviceSecrets().then(({ signingKey }) => importJWK(signingKey, ACCESS_TOKEN_ALG) as Promise<CryptoKey>);
  return privateKey;
}
