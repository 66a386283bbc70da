import type { JWK } from 'jose';
import type { SigningKey } from '../secrets.ts';

/**
 * The access-token signing keys as the service secret holds them: private ES256 JWKs, each
 * with its `kid`, the current one first. Tokens are signed with the first and verified with
 * any of them, so after a rotation the previous key keeps verifying the tokens it signed until
 * it is retired. Pure: the rotation command, the rotation function and the tests share it.
 */

/** How many keys a rotation keeps: the new current key and the previous one (the overlap). */
export const KEYS_KEPT = 2;

/** The keys after a rotation: `next` becomes current, the former current key stays to verify, older ones retire. */
export function rotated(keys: readonly SigningKey[], next: SigningKey): SigningKey[] {
  if (keys.some((k) => k.kid === next.kid)) throw new Error(`The key ${next.kid} is already in the set`);
  return [next, ...keys].slice(0, KEYS_KEPT);
}

/** Only the current key: tokens signed by any other are refused from then on (a leaked key). */
export function withoutPrevious(keys: readonly SigningKey[]): SigningKey[] {
  return keys.slice(0, 1);
}

/** The public half of a key, for verification. */
export function publicJwk({ d: _private, ...rest }: SigningKey): JWK {
  return rest;
}
