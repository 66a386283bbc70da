import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { client, companyOwner, signedInUser, useGateway } from '../../support/api.ts';

const gateway = useGateway();
const role = (name: string) => ROLES.find((r) => r.name === name)!.id;
const account = (code: string) => ({ code, name: { arabic: 'ح', english: code }, type: 'leaf', classification: 'asset' });

describe('members and roles', () => {
  it('adds a member by email; role changes and removal take effect on the next request', async () => {
    const owner = await companyOwner(gateway.url);
    const member = await signedInUser(gateway.url);

    const added = await owner.api.post(`${owner.base}/Members`, { email: member.user.email.toUpperCase(), roleId: role('viewer') });
    expect(added.body).toMatchObject({ userId: member.user.id, role: 'viewer', version: 1 });
    expect((await member.api.post(`${owner.base}/Accounts`, account('1'))).status).toBe(403);

    const promoted = await owner.api.put(`${owner.base}/Members/${member.user.id}`, { roleId: role('accountant'), version: 1 });
    expect(promoted.body).toMatchObject({ role: 'accountant', version: 2 });
    expect((await member.api.post(`${owner.base}/Accounts`, account('1'))).status).toBe(200);

    expect((await owner.api.delete(`${owner.base}/Members/${member.user.id}`, { version: 1 })).status).toBe(409);
    expect((await owner.api.delete(`${owner.base}/Members/${member.user.id}`, { version: 2 })).status).toBe(200);
    expect((await member.api.get(`${owner.base}/Accounts`)).status).toBe(404);
  });

  it('refuses an unknown role, a duplicate member and changing oneself; lists members and roles', async () => {
    const owner = await companyOwner(gateway.url);

    const badRole = await owner.api.post(`${owner.base}/Members`, { email: 'x@example.com', roleId: '00000000-0000-4000-8000-000000000000' });
    await owner.api.post(`${owner.base}/Members`, { email: 'dup@example.com', roleId: role('viewer') });
    const duplicate = await owner.api.post(`${owner.base}/Members`, { email: 'dup@example.com', roleId: role('viewer') });
    const self = await owner.api.put(`${owner.base}/Members/${owner.user.id}`, { roleId: role('viewer'), version: 1 });
    const members = await owner.api.get(`${owner.base}/Members?orderAsc=true`);
    const roles = await owner.api.get(`${owner.base}/Roles`);

    expect(badRole.body.errors[0].name).toBe('roleId');
    expect(duplicate.body.errors[0].code).toBe('AlreadyMember');
    expect(self.body.errors[0].code).toBe('SelfChange');
    expect(members.body.results.map((m: { email: string }) => m.email)).toEqual(['dup@example.com', owner.user.email].sort());
    expect(roles.body.results.map((r: { name: string }) => r.name).sort()).toEqual(['accountant', 'owner', 'viewer']);
  });
});

describe('API keys', () => {
  it('returns the full key once, lists only its prefix, and works inside its company with its permissions', async () => {
    const owner = await companyOwner(gateway.url);
    const other = await companyOwner(gateway.url);

    const created = await owner.api.post(`${owner.base}/ApiKeys`, { name: 'ERP sync', permissions: ['accounts:read', 'accounts:create'] });
    expect(created.status).toBe(200);
    expect(created.body.key).toMatch(/^sk-svc_/);
    expect(created.body.key.startsWith(created.body.prefix)).toBe(true);

    const listed = await owner.api.get(`${owner.base}/ApiKeys`);
    expect(listed.body.results).toEqual([expect.objectContaining({ id: created.body.id, prefix: created.body.prefix, name: 'ERP sync' })]);
    expect(listed.text).not.toContain(created.body.key);
    expect(listed.text).not.toMatch(/"hash"/);

    const machine = client(gateway.url, `Bearer ${created.body.key}`);
    expect((await machine.post(`${owner.base}/Accounts`, account('1'))).status).toBe(200);
    expect((await machine.get(`${owner.base}/CostCenters`)).status).toBe(403);
    expect((await machine.get(`${other.base}/Accounts`)).status).toBe(404);
  });

  it("grants only permissions the creator holds, and keeps them when the creator's role changes", async () => {
    const owner = await companyOwner(gateway.url);
    const accountant = await signedInUser(gateway.url);
    await owner.api.post(`${owner.base}/Members`, { email: accountant.user.email, roleId: role('accountant') });

    const beyond = await accountant.api.post(`${owner.base}/ApiKeys`, { name: 'too much', permissions: ['accounts:read', 'settings:update'] });
    expect(beyond.status).toBe(403);
    expect((await owner.api.get(`${owner.base}/ApiKeys`)).body.results).toEqual([]);

    const key = (await accountant.api.post(`${owner.base}/ApiKeys`, { name: 'ok', permissions: ['accounts:create', 'accounts:read'] })).body.key;
    await owner.api.put(`${owner.base}/Members/${accountant.user.id}`, { roleId: role('viewer'), version: 1 });

    expect((await accountant.api.post(`${owner.base}/Accounts`, account('A'))).status).toBe(403);
    expect((await client(gateway.url, `Bearer ${key}`).post(`${owner.base}/Accounts`, account('K'))).status).toBe(200);
  });

  it('enforces the IP allowlist, expiry and revocation on the next request', async () => {
    const owner = await companyOwner(gateway.url);
    const create = (body: Record<string, unknown>) => owner.api.post(`${owner.base}/ApiKeys`, { name: 'k', permissions: ['accounts:read'], ...body });

    const badRange = await create({ ipAllowlist: ['10.0.0.0/33'] });
    const past = await create({ expiresAt: '2020-01-01T00:00:00Z' });
    const elsewhere = (await create({ ipAllowlist: ['10.0.0.0/8', '2001:db8::/32'] })).body;
    const local = (await create({ ipAllowlist: ['127.0.0.1', '::1'] })).body;
    const shortLived = (await create({ expiresAt: new Date(Date.now() + 1500).toISOString() })).body;
    const revocable = (await create({})).body;
    const get = (key: string) => client(gateway.url, `Bearer ${key}`).get(`${owner.base}/Accounts`);

    expect(badRange.body.errors[0].name).toBe('ipAllowlist[0]');
    expect(past.body.errors[0].name).toBe('expiresAt');
    expect((await get(elsewhere.key)).status).toBe(403);
    expect((await get(local.key)).status).toBe(200);
    expect((await get(shortLived.key)).status).toBe(200);
    expect((await get(revocable.key)).status).toBe(200);

    const revoked = await owner.api.delete(`${owner.base}/ApiKeys/${revocable.id}`, { version: 1 });
    expect(revoked.body).toMatchObject({ revokedAt: expect.any(String), version: 2 });
    expect((await get(revocable.key)).status).toBe(401);
    expect((await owner.api.delete(`${owner.base}/ApiKeys/${revocable.id}`, { version: 2 })).body.errors[0].code).toBe('InvalidState');

    await new Promise((r) => setTimeout(r, 1600));
    expect((await get(shortLived.key)).status).toBe(401);
  });
});
