import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from '../../infra/local/free-port.ts';
import { startGateway, type RunningGateway } from '../../infra/local/gateway.ts';
import { LOCAL_CLIENT_ID, startIdentityProvider, type RunningIdentityProvider } from '../../infra/local/identity-provider.ts';

/** A local gateway plus the local identity provider, wired as `npm start` wires them, for one test file. */
export function useSignInStack(): { url: () => string; issuer: () => string } {
  let gateway: RunningGateway | undefined;
  let identity: RunningIdentityProvider | undefined;
  beforeAll(async () => {
    const port = await freePort();
    const redirectUri = `http://127.0.0.1:${port}/api/Authentication/Login/Callback`;
    identity = await startIdentityProvider({ port: await freePort(), redirectUri, keysFile: join(mkdtempSync(join(tmpdir(), 'ledger-idp-')), 'keys.json') });
    Object.assign(process.env, { OIDC_ISSUER: identity.issuer, OIDC_CLIENT_ID: LOCAL_CLIENT_ID, OIDC_REDIRECT_URI: redirectUri, OIDC_ALLOW_HTTP: '1' });
    gateway = await startGateway(port);
  });
  afterAll(async () => {
    await gateway?.close();
    await identity?.close();
  });
  return { url: () => gateway!.url, issuer: () => identity!.issuer };
}
