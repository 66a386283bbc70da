import { errors, jwtVerify } from 'jose';
import { config } from '../config.ts';
import { Unauthorized } from '../errors.ts';
import { ACCESS_TOKEN_ALG, accessTokenPublicKey } from './signing-keys.ts';

/** The service's own access tokens: ES256 JWTs whose subject is the user id (signed by sign-access-token.ts). */
export interface AccessTokenClaims {
  userId: string;
  email: string;
}

/** Verifies signature, algorithm, issuer, audience and expiry; raises Unauthorized otherwise. */
export async function verifyAccessToken(token: string): Promise<AccessTokenClaims> {
  const publicKey = await accessTokenPublicKey();
  try {
    const { payload } = await jwtVerify(token, publicKey, {
      algorithms: [ACCESS_TOKEN_ALG],
      issuer: config.tokenIssuer,
      audience: config.tokenAudience,
      requiredClaims: ['exp', 'sub'],
    });
    if (typeof payload.email !== 'string') throw new Unauthorized('The access token is not valid.');
    return { userId: payload.sub!, email: payload.email };
  } catch (error) {
    if (error instanceof Unauthorized) throw error;
    if (error instanceof errors.JWTExpired) throw new Unauthorized('The access token has expired.');
    if (error instanceof errors.JOSEError) throw new Unauthorized('The access token is not valid.');
    throw error;
  }
}
