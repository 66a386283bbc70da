import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/**
 * The local stand-in for Cognito: an OpenID Connect provider (oidc-provider) with a login page.
 * It uses oidc-provider's development sign-in screens, so locally any email signs in with any
 * password: the email typed becomes the user. Never deployed.
 */
export const LOCAL_CLIENT_ID = 'ledger-local';

export interface RunningIdentityProvider {
  issuer: string;
  close(): Promise<void>;
}

async function providerKeys(file: string): Promise<{ jwks: { keys: object[] }; cookieKeys: string[] }> {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const keys = { jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'local-1' }] }, cookieKeys: [randomBytes(32).toString('base64url')] };
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

export async function startIdentityProvider(options: { port: number; redirectUri: string; keysFile: string }): Promise<RunningIdentityProvider> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const { jwks, cookieKeys } = await providerKeys(options.keysFile);
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: LOCAL_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    findAccount: (_ctx, id) => {
      const email = id.trim().toLowerCase();
      return { accountId: email, claims: () => ({ sub: email, email, email_verified: true }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // Put the email in the ID token itself, as Cognito does.
    conformIdTokenClaims: false,
    jwks: jwks as never,
    cookies: { keys: cookieKeys },
    features: { devInteractions: { enabled: true } },
  });
  // The development screens log a warning on every start; it says what this class's doc says.
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(options.port, '127.0.0.1', () => resolve(s));
  });
  return {
    issuer,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
