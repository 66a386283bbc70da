import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueTokens } from '../../../shared/auth/tokens.ts';
import { findOrCreateUserByEmail } from '../../../shared/db/stores/user-store.ts';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import { keys } from '../../../shared/db/table/keys.ts';
import { putPendingLogin } from '../../../shared/db/stores/session-store.ts';
import { client, useGateway } from '../../support/api.ts';

const gateway = useGateway();
const anonymous = client(gateway.url);
const refresh = (refreshToken: unknown) => anonymous.post('/api/Authentication/Refresh', { refreshToken });

describe('refresh tokens', () => {
  it('rotates: each refresh returns new tokens and spends the old one; two concurrent uses let one win', async () => {
    const user = await findOrCreateUserByEmail(`rotate-${Date.now()}@example.com`);
    const first = await issueTokens(user);

    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ token_type: 'Bearer', expires_in: 900, refresh_expires_in: 2592000, companies: [] });
    expect((await client(gateway.url, `Bearer ${second.body.access_token}`).get('/api/v1/Companies')).status).toBe(200);

    const racing = await Promise.all([refresh(second.body.refresh_token), refresh(second.body.refresh_token)]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('refuses unknown, malformed, missing and expired refresh tokens', async () => {
    const user = await findOrCreateUserByEmail(`expired-${Date.now()}@example.com`);
    const token = 'rt_expired-token-for-test';
    await db().send(
      new PutCommand({
        TableName: config.idempotencyTableName,
        Item: { ...keys.refreshToken(createHash('sha256').update(token).digest('hex')), userId: user.id, familyId: 'f', expiresAt: Math.floor(Date.now() / 1000) - 1 },
      }),
    );

    expect((await refresh('rt_unknown')).status).toBe(401);
    expect((await refresh('not-a-refresh-token')).status).toBe(401);
    const expired = await refresh(token);
    expect(expired.status).toBe(401);
    expect(expired.body.errors[0].reason).toMatch(/expired/);
    const missing = await anonymous.post('/api/Authentication/Refresh', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].name).toBe('refreshToken');
  });
});

describe('login callback', () => {
  it('refuses a missing code or state, and an unknown or expired state, before calling the provider', async () => {
    await putPendingLogin({ state: 'expired-state', codeVerifier: 'v' }, -1);

    const noCode = await anonymous.get('/api/Authentication/Login/Callback?state=abc');
    const noState = await anonymous.get('/api/Authentication/Login/Callback?code=abc');
    const unknown = await anonymous.get('/api/Authentication/Login/Callback?code=abc&state=never-issued');
    const expired = await anonymous.get('/api/Authentication/Login/Callback?code=abc&state=expired-state');

    expect(noCode.body.errors[0]).toMatchObject({ name: 'code' });
    expect(noState.body.errors[0]).toMatchObject({ name: 'state' });
    for (const r of [unknown, expired]) {
      expect(r.status).toBe(400);
      expect(r.body.errors[0]).toMatchObject({ name: 'state', code: 'InvalidState' });
    }
  });

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
