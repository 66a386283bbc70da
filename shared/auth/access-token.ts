import { errors, importJWK, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';
import { config } from '../config.ts';
import { Unauthorized } from '../errors.ts';
import { serviceSecrets } from '../secrets.ts';

/** The service's own access tokens: ES256 JWTs whose subject is the user id. */
const ALG = 'ES256';

export interface AccessTokenClaims {
  userId: string;
  email: string;
}

let keys: Promise<{ privateKey: CryptoKey; publicKey: CryptoKey }> | undefined;

function signingKeys() {
  keys ??= serviceSecrets().then(async ({ signingKey }) => {
    const { d: _private, ...publicJwk } = signingKey;
    return {
      privateKey: (await importJWK(signingKey, ALG)) as CryptoKey,
      publicKey: (await importJWK(publicJwk as JWK, ALG)) as CryptoKey,
    };
  });
  return keys;
}

export async function signAccessToken(claims: AccessTokenClaims, lifetimeSeconds = config.accessTokenSeconds): Promise<string> {
  const { privateKey } = await signingKeys();
  return new SignJWT({ email: claims.email })
    .setProtectedHeader({ alg: ALG, typ: 'at+jwt' })
    .setSubject(claims.userId)
    .setIssuer(config.tokenIssuer)
    .setAudience(config.tokenAudience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
    .sign(privateKey);
}

/** Verifies signature, algorithm, issuer, audience and expiry; raises Unauthorized otherwise. */
export async function verifyAccessToken(token: string): Promise<AccessTokenClaims> {
  const { publicKey } = await signingKeys();
  try {
    const { payload } = await jwtVerify(token, publicKey, {
      algorithms: [ALG],
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
