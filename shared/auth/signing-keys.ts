import { importJWK, type CryptoKey, type JWK, type JWTHeaderParameters } from 'jose';
import { reloadServiceSecrets, serviceSecrets, type ServiceSecrets, type SigningKey } from '../secrets.ts';
import { publicJwk } from './key-set.ts';

/** The access tokens' algorithm: ES256, with the signing key named by `kid` in the header. */
export const ACCESS_TOKEN_ALG = 'ES256';

/**
 * A token naming an unknown key reads the secret again (a rotation this process has not seen),
 * at most this often: tokens with made-up kids cost one loopback read a second at most.
 */
export const RELOAD_COOLDOWN_MS = 1_000;

/** The token's `kid` names no key of the secret (or it has none while several keys are held). */
export class UnknownSigningKey extends Error {}

/** Picks a token's verification key by its `kid` (jwtVerify's key function). */
export type KeyLookup = (header: JWTHeaderParameters) => Promise<CryptoKey>;

/** Imported keys, cached per key object of the secret (a reload brings new objects). */
const publicKeys = new WeakMap<SigningKey, Promise<CryptoKey>>();
const privateKeys = new WeakMap<SigningKey, Promise<CryptoKey>>();

function importOnce(cache: WeakMap<SigningKey, Promise<CryptoKey>>, key: SigningKey, jwk: JWK): Promise<CryptoKey> {
  let found = cache.get(key);
  if (!found) {
    found = importJWK(jwk, ACCESS_TOKEN_ALG) as Promise<CryptoKey>;
    cache.set(key, found);
  }
  return found;
}

function lookupIn(secrets: ServiceSecrets): KeyLookup {
  return async (header) => {
    const keys = secrets.signingKeys;
    // Tokens from before rotation carry no kid: they verify while the secret holds one key only.
    const key = header.kid === undefined ? (keys.length === 1 ? keys[0] : undefined) : keys.find((k) => k.kid === header.kid);
    if (!key) throw new UnknownSigningKey();
    return importOnce(publicKeys, key, publicJwk(key));
  };
}

let lastReload = 0;

/** The verification keys: the current key and the previous one during the overlap. */
export async function accessTokenKeys(): Promise<KeyLookup> {
  return lookupIn(await serviceSecrets());
}

/** After a token named a key this process does not know: read the secret again, unless done just now. */
export async function reloadedKeys(): Promise<KeyLookup | undefined> {
  if (Date.now() - lastReload < RELOAD_COOLDOWN_MS) return undefined;
  lastReload = Date.now();
  return lookupIn(await reloadServiceSecrets());
}

/** The current signing key and its kid. */
export async function accessTokenSigningKey(): Promise<{ kid: string; key: CryptoKey }> {
  const current = (await serviceSecrets()).signingKeys[0]!;
  return { kid: current.kid, key: await importOnce(privateKeys, current, current) };
}
