import { operationNamed, WAY_OUT_LOGIN, WAY_OUT_REFRESH } from '../schemas/api-paths.ts';
import { jwtVerify } from 'jose';
import { JOSEError, JWTExpired } from 'jose/errors';
import { config } from '../config.ts';
import { Unauthorized } from '../errors.ts';
import { ACCESS_TOKEN_ALG, accessTokenKeys, reloadedKeys, UnknownSigningKey } from './signing-keys.ts';

/** Sent whole, as the service issued it: anything else is not a token of this service. */
const NOT_VALID = `The access token is not valid; send the access_token of a sign-in (${operationNamed(WAY_OUT_LOGIN())}) or of ${operationNamed(WAY_OUT_REFRESH())}, whole.`;

/** The service's own access tokens: ES256 JWTs whose subject is the user id (signed by sign-access-token.ts). */
export interface AccessTokenClaims {
  userId: string;
  email: string;
}

/**
 * Verifies signature (by the key its `kid` names, among the current and previous keys),
 * algorithm, issuer, audience and expiry; raises Unauthorized otherwise, also for a retired key.
 */
export async function verifyAccessToken(token: string): Promise<AccessTokenClaims> {
  const options = { algorithms: [ACCESS_TOKEN_ALG], issuer: config.tokenIssuer, audience: config.tokenAudience, requiredClaims: ['exp', 'sub'] };
  try {
    const { payload } = await jwtVerify(token, await accessTokenKeys(), options).catch(async (error: unknown) => {
      // A key this process has not seen may be a rotation it has not read yet: read once more.
      const reloaded = error instanceof UnknownSigningKey ? await reloadedKeys() : undefined;
      if (!reloaded) throw error;
      return jwtVerify(token, reloaded, options);
    });
    if (typeof payload.email !== 'string') throw new Unauthorized(NOT_VALID);
    return { userId: payload.sub!, email: payload.email };
  } catch (error) {
    if (error instanceof Unauthorized) throw error;
    if (error instanceof JWTExpired) throw new Unauthorized(`The access token has expired; trade the refresh token for new tokens with ${operationNamed(WAY_OUT_REFRESH())}, or sign in again.`);
    if (error instanceof JOSEError || error instanceof UnknownSigningKey) throw new Unauthorized(NOT_VALID);
    throw error;
  }
}
