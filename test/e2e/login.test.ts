import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../shared/config.ts';
import { db } from '../../shared/db/table/client.ts';
import * as keys from '../../shared/db/table/keys.ts';
import { client } from '../support/api.ts';
import { logLines, suiteLogFile } from '../support/request-log.ts';
import { useBrowser } from '../support/browser.ts';
import { useSignInStack } from '../support/sign-in.ts';

const stack = useSignInStack();
const browserOf = useBrowser();

describe('OAuth sign-in in a real browser', () => {
  it('Login -> provider page -> sign in -> callback tokens -> protected endpoint -> refresh -> old refresh token refused', async () => {
    const anonymous = client(stack.url);
    const email = `browser-${Date.now()}@example.com`;

    const login = await anonymous.get(`/api/Authentication/Login?email=${encodeURIComponent(email)}`);
    expect(login.status).toBe(200);
    const authorize = new URL(login.body.redirectTo);
    expect(authorize.origin).toBe(stack.issuer());
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('login_hint')).toBe(email);
    expect(authorize.searchParams.get('state')).toBeTruthy();

    // The PKCE verifier the service keeps for this sign-in (read before the callback takes it).
    const pending = await db().send(new GetCommand({ TableName: config.idempotencyTableName, Key: keys.loginState(authorize.searchParams.get('state')!) }));
    const verifier = String(pending.Item?.codeVerifier);
    expect(verifier.length).toBeGreaterThanOrEqual(43);

    const page = await browserOf().newPage();
    // Only loopback is reachable (the provider's page imports a web font): fail other requests at once.
    await page.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()));
    await page.goto(login.body.redirectTo);
    expect(await page.inputValue('input[name=login]')).toBe(email);
    await page.fill('input[name=password]', 'any password');
    await page.click('button[type=submit]');
    const callback = page.waitForResponse((r) => r.url().startsWith(`${stack.url()}/api/Authentication/Login/Callback`));
    await page.click('button[type=submit]'); // the consent screen
    const tokens = await (await callback).json();

    expect(tokens).toMatchObject({ token_type: 'Bearer', companies: [], expires_in: expect.any(Number), refresh_expires_in: expect.any(Number) });
    const api = client(stack.url, `Bearer ${tokens.access_token}`);
    const company = await api.post('/api/v1/Companies', { name: 'Signed in Co', baseCurrency: 'SAR' });
    expect(company.status).toBe(200);

    const refreshed = await anonymous.post('/api/Authentication/Refresh', { refreshToken: tokens.refresh_token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.body.companies).toEqual([{ companyId: company.body.id, roleId: company.body.roleId, permissions: company.body.permissions }]);
    expect((await client(stack.url, `Bearer ${refreshed.body.access_token}`).get(`/api/v1/Companies/${company.body.id}`)).status).toBe(200);

    const reused = await anonymous.post('/api/Authentication/Refresh', { refreshToken: tokens.refresh_token });
    expect(reused.status).toBe(401);
    // Reuse revoked the whole family, the fresh token included.
    expect((await anonymous.post('/api/Authentication/Refresh', { refreshToken: refreshed.body.refresh_token })).status).toBe(401);

    // The code and state of that sign-in cannot be replayed.
    const replay = await anonymous.get(`/api/Authentication/Login/Callback?${new URL((await callback).url()).search.slice(1)}`);
    expect(replay.status).toBe(400);
    expect(replay.body.errors[0]).toMatchObject({ name: 'state', code: 'InvalidState' });

    // An API key made and used, then no credential of any kind in any log line of this sign-in.
    const key = (await client(stack.url, `Bearer ${refreshed.body.access_token}`).post(`/api/v1/Companies/${company.body.id}/ApiKeys`, { name: 'k', permissions: ['accounts:read'] })).body.key;
    expect((await client(stack.url, `Bearer ${key}`).get(`/api/v1/Companies/${company.body.id}/Accounts`)).status).toBe(200);
    const code = new URL((await callback).url()).searchParams.get('code')!;
    const log = readFileSync(suiteLogFile(), 'utf8');
    expect(logLines().some((l) => l.route === 'apiKeys.create')).toBe(true);
    for (const [what, secret] of Object.entries({ code, verifier, key, access: tokens.access_token, refresh: tokens.refresh_token, newAccess: refreshed.body.access_token, newRefresh: refreshed.body.refresh_token })) {
      expect(secret.length, what).toBeGreaterThan(20);
      expect(log.includes(secret), `${what} in the log`).toBe(false);
    }
  }, 60_000);
});
