import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findOrCreateUserByEmail } from '../../../shared/db/stores/user-store.ts';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { putPendingLogin } from '../../../shared/db/stores/session-store.ts';
import { client, useGateway } from '../../support/api.ts';

/** Refresh tokens and login states past their expiry, as only time (days of it) leaves them (test/http/auth/refresh-tokens.test.ts: the rest of the flow). */
const gateway = useGateway();
const anonymous = client(gateway.url);
const refresh = (refreshToken: unknown) => anonymous.post('/api/Authentication/Refresh', { refreshToken });

describe('refresh tokens', () => {
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
});
