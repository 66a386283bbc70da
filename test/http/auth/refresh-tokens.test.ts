import { describe, expect, it } from 'vitest';
import { issueSessionTokens } from '../../../functions/authentication/callback.ts';
import { client, signedInUser, useGateway } from '../../support/api.ts';

/** Through the API only; tokens and login states past their expiry: test/db/auth/expired-sessions.test.ts. */
const gateway = useGateway();
const anonymous = client(gateway.url);
const refresh = (refreshToken: unknown) => anonymous.post('/api/Authentication/Refresh', { refreshToken });

describe('refresh tokens', () => {
  it('rotates: each refresh returns new tokens and spends the old one; two concurrent uses let one win', async () => {
    const { user } = await signedInUser(gateway.url);
    const first = await issueSessionTokens(user);

    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ token_type: 'Bearer', expires_in: 900, refresh_expires_in: 2592000, companies: [] });
    expect((await client(gateway.url, `Bearer ${second.body.access_token}`).get('/api/v1/Companies')).status).toBe(200);

    const racing = await Promise.all([refresh(second.body.refresh_token), refresh(second.body.refresh_token)]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 401]);
  });
});

describe('login callback', () => {
  it('refuses a bad email on Login', async () => {
    const response = await anonymous.get('/api/Authentication/Login?email=not-an-email');
    expect(response.status).toBe(400);
    expect(response.body.errors[0].name).toBe('email');
  });
});

describe('without a reachable identity provider', () => {
  it('answers Login with 503 in the error shape', async () => {
    const previous = process.env.OIDC_ISSUER;
    process.env.OIDC_ISSUER = 'http://127.0.0.1:9';
    process.env.OIDC_ALLOW_HTTP = '1';
    try {
      const response = await anonymous.get('/api/Authentication/Login');
      expect(response.status).toBe(503);
      expect(response.body.errors[0].code).toBe('IdentityProviderUnavailable');
    } finally {
      process.env.OIDC_ISSUER = previous;
    }
  });
});
