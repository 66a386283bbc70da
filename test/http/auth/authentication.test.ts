import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../../../shared/auth/sign-access-token.ts';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { client, companyOwner, signedInUser, useGateway } from '../../support/api.ts';
import { addApiKey, addMember, expiredApiKey, revokedApiKey } from '../../support/company-access.ts';

const gateway = useGateway();
const viewerRole = ROLES.find((r) => r.name === 'viewer')!;
const account = { code: '1', name: { arabic: 'نقد', english: 'Cash' }, type: 'leaf', classification: 'asset' };

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function expectUnauthorized(authorization: string | undefined, path: string) {
  const response = await client(gateway.url, authorization).get(path);
  expect(response.status, authorization).toBe(401);
  expect(response.body).toMatchObject({ status: 401, errors: [{ code: 'Unauthorized' }] });
  return response;
}

describe('authentication and authorization', () => {
  it('refuses missing, malformed, expired, badly signed, unsigned and foreign tokens with 401', async () => {
    const { base, user } = await companyOwner(gateway.url);
    const path = `${base}/Accounts`;
    const now = Math.floor(Date.now() / 1000);
    const { privateKey: otherKey } = await generateKeyPair('ES256');
    const claims = { sub: user.id, email: user.email, iss: 'ledger-service', aud: 'ledger-api', iat: now, exp: now + 600 };

    const missing = await expectUnauthorized(undefined, path);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    await expectUnauthorized('Bearer', path);
    await expectUnauthorized('Bearer not.a.jwt', path);
    await expectUnauthorized('Basic dXNlcjpwYXNz', path);
    const expired = await expectUnauthorized(`Bearer ${await signAccessToken({ userId: user.id, email: user.email }, -10)}`, path);
    expect(expired.body.errors[0].reason).toMatch(/expired/);
    await expectUnauthorized(`Bearer ${await new SignJWT(claims).setProtectedHeader({ alg: 'ES256' }).sign(otherKey)}`, path);
    await expectUnauthorized(`Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`, path);
    await expectUnauthorized(`Bearer ${await new SignJWT({ ...claims, iss: 'someone-else' }).setProtectedHeader({ alg: 'ES256' }).sign(otherKey)}`, path);
  });

  it('answers 404 to a signed-in user who is not a member of the company', async () => {
    const { base } = await companyOwner(gateway.url);
    const stranger = await signedInUser(gateway.url);

    const read = await stranger.api.get(`${base}/Accounts`);
    const write = await stranger.api.post(`${base}/Accounts`, account);

    expect(read.status).toBe(404);
    expect(write.status).toBe(404);
    expect(read.body.errors[0].code).toBe('NotFound');
  });

  it('lets a viewer read but answers 403 to a write, writing nothing', async () => {
    const owner = await companyOwner(gateway.url);
    const viewer = await signedInUser(gateway.url);
    await addMember(owner.api, owner.base, viewer.user.email, viewerRole.id);

    const read = await viewer.api.get(`${owner.base}/Accounts`);
    const write = await viewer.api.post(`${owner.base}/Accounts`, account);

    expect(read.status).toBe(200);
    expect(write.status).toBe(403);
    expect(write.body.errors[0]).toMatchObject({ code: 'Forbidden', reason: expect.stringContaining('accounts:create') });
    expect((await owner.api.get(`${owner.base}/Accounts`)).body.results).toEqual([]);
  });

  it('accepts an API key inside its company with its fixed permissions only', async () => {
    const owner = await companyOwner(gateway.url);
    const other = await companyOwner(gateway.url);
    const key = await addApiKey(owner.api, owner.base, ['accounts:read', 'accounts:create']);
    const machine = client(gateway.url, `Bearer ${key}`);

    const created = await machine.post(`${owner.base}/Accounts`, account);
    const listed = await machine.get(`${owner.base}/Accounts`);
    const crossCompany = await machine.get(`${other.base}/Accounts`);
    const lacking = await machine.get(`${owner.base}/CostCenters`);
    const userOnly = await machine.post('/api/v1/Companies', { name: 'x', baseCurrency: 'SAR' });

    expect(created.status).toBe(200);
    expect(listed.body.results.map((a: { id: string }) => a.id)).toEqual([created.body.id]);
    expect(crossCompany.status).toBe(404);
    expect(lacking.status).toBe(403);
    expect(userOnly.status).toBe(403);
  });

  it('refuses unknown, revoked and expired API keys with 401 and a disallowed IP with 403', async () => {
    const owner = await companyOwner(gateway.url);
    const path = `${owner.base}/Accounts`;
    const revoked = await revokedApiKey(owner.api, owner.base, ['accounts:read']);
    const expired = await expiredApiKey(owner.api, owner.base, ['accounts:read']);
    const elsewhere = await addApiKey(owner.api, owner.base, ['accounts:read', 'accounts:create'], ['10.0.0.0/8', '2001:db8::/32']);
    const here = await addApiKey(owner.api, owner.base, ['accounts:read'], ['127.0.0.0/8']);

    await expectUnauthorized('Bearer sk-svc_unknownkey', path);
    await expectUnauthorized(`Bearer ${revoked}`, path);
    await expectUnauthorized(`Bearer ${expired}`, path);
    const blocked = await client(gateway.url, `Bearer ${elsewhere}`).post(path, account);
    expect(blocked.status).toBe(403);
    expect(blocked.body.errors[0].code).toBe('Forbidden');
    expect((await client(gateway.url, `Bearer ${here}`).get(path)).status).toBe(200);
    expect((await owner.api.get(path)).body.results).toEqual([]);
  });
});
