import { SignJWT } from 'jose';
import { config } from '../config.ts';
import type { AccessTokenClaims } from './access-token.ts';
import { ACCESS_TOKEN_ALG, accessTokenSigningKey } from './signing-keys.ts';

/**
 * Issues an access token (sign-in, refresh, `npm run token`). Apart from verifying, so the
 * resource functions, which only verify, bundle no signing code.
 */
export async function signAccessToken(claims: AccessTokenClaims, lifetimeSeconds = config.accessTokenSeconds): Promise<string> {
  const { kid, key } = await accessTokenSigningKey();
  return new SignJWT({ email: claims.email })
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALG, typ: 'at+jwt', kid })
    .setSubject(claims.userId)
    .setIssuer(config.tokenIssuer)
    .setAudience(config.tokenAudience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
    .sign(key);
}
