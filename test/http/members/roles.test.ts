import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLES } from '../../../shared/auth/permissions.ts';
import { issueSessionTokens } from '../../../functions/authentication/callback.ts';
import { MAX_CUSTOM_ROLES } from '../../../shared/roles/roles.ts';
import { client, companyOwner, signedInUser, useGateway } from '../../support/api.ts';

const gateway = useGateway();
const builtIn = (name: string) => ROLES.find((r) => r.name === name)!.id;
const account = (code: string) => ({ code, name: { arabic: 'ح', english: code }, type: 'leaf', classification: 'asset' });

/** A company owner, and a helper that adds a new signed-in member holding a role. */
async function companyWithMembers() {
  const owner = await companyOwner(gateway.url);
  const member = async (roleId: string) => {
    const user = await signedInUser(gateway.url);
    const added = await owner.api.post(`${owner.base}/Members`, { email: user.user.email, roleId });
    if (added.status !== 200) throw new Error(`member add failed: ${added.text}`);
    return user;
  };
  return { owner, member };
}

describe('custom roles', () => {
  it('grants exactly the chosen permissions, and a change to the role applies on the next request', async () => {
    const { owner, member } = await companyWithMembers();
    const created = await owner.api.post(`${owner.base}/Roles`, { name: 'Clerk', description: 'Enters journals', permissions: ['accounts:read', 'journals:create'] });
    expect(created.body).toMatchObject({ name: 'Clerk', permissions: ['accounts:read', 'journals:create'], builtIn: false, memberCount: 0, version: 1 });
    const clerk = await member(created.body.id);

    expect((await clerk.api.get(`${owner.base}/Accounts`)).status).toBe(200);
    // journals:create is held: the request gets as far as validating its body.
    expect((await clerk.api.post(`${owner.base}/Journals`, {})).status).toBe(400);
    expect((await clerk.api.post(`${owner.base}/Accounts`, account('1'))).status).toBe(403);
    expect((await clerk.api.get(`${owner.base}/CostCenters`)).status).toBe(403);
    const tokens = await issueSessionTokens(clerk.user);
    expect(tokens.companies).toEqual([{ companyId: owner.companyId, roleId: created.body.id, permissions: ['accounts:read', 'journals:create'] }]);
    const members = await owner.api.get(`${owner.base}/Members`);
    expect(members.body.results.find((m: { userId: string }) => m.userId === clerk.user.id)).toMatchObject({ role: 'Clerk', permissions: ['accounts:read', 'journals:create'] });

    const stale = await owner.api.put(`${owner.base}/Roles/${created.body.id}`, { name: 'Clerk', permissions: ['accounts:read'], version: 7 });
    const widened = await owner.api.put(`${owner.base}/Roles/${created.body.id}`, { name: 'Senior clerk', permissions: ['accounts:read', 'accounts:create', 'journals:create'], version: 1 });
    expect(stale.status).toBe(409);
    expect(widened.body).toMatchObject({ name: 'Senior clerk', version: 2, memberCount: 1 });
    expect((await clerk.api.post(`${owner.base}/Accounts`, account('1'))).status).toBe(200);
    expect((await owner.api.get(`${owner.base}/Roles/${created.body.id}`)).body).toEqual(widened.body);
  });

  it('lists the built-in roles as read-only, keeps names unique and refuses deleting a role in use', async () => {
    const { owner, member } = await companyWithMembers();
    const role = (await owner.api.post(`${owner.base}/Roles`, { name: 'Auditor', permissions: ['reports:read'] })).body;
    const holder = await member(role.id);

    const duplicate = await owner.api.post(`${owner.base}/Roles`, { name: 'auditor', permissions: ['accounts:read'] });
    const builtInName = await owner.api.post(`${owner.base}/Roles`, { name: 'Owner', permissions: ['accounts:read'] });
    const unknown = await owner.api.post(`${owner.base}/Roles`, { name: 'X', permissions: ['accounts:fly'] });
    const changeBuiltIn = await owner.api.put(`${owner.base}/Roles/${builtIn('viewer')}`, { name: 'viewer', permissions: [], version: 1 });
    const deleteBuiltIn = await owner.api.delete(`${owner.base}/Roles/${builtIn('viewer')}`, { version: 1 });
    const inUse = await owner.api.delete(`${owner.base}/Roles/${role.id}`, { version: 1 });
    const list = await owner.api.get(`${owner.base}/Roles`);

    expect(duplicate.body.errors[0]).toMatchObject({ name: 'name', code: 'DuplicateName' });
    expect(builtInName.body.errors[0]).toMatchObject({ name: 'name', code: 'DuplicateName' });
    expect(unknown.body.errors[0].name).toBe('permissions[0]');
    expect(changeBuiltIn.body.errors[0].code).toBe('BuiltInRole');
    expect(deleteBuiltIn.body.errors[0].code).toBe('BuiltInRole');
    expect(inUse.body.errors[0]).toMatchObject({ name: 'roleId', code: 'RoleInUse' });
    expect(list.body.results.map((r: { name: string; builtIn: boolean }) => `${r.name}:${r.builtIn}`)).toEqual([...ROLES.map((r) => `${r.name}:true`), 'Auditor:false']);
    expect((await owner.api.get(`${owner.base}/Roles/${builtIn('owner')}`)).body).toMatchObject({ builtIn: true, permissions: [...PERMISSIONS] });

    await owner.api.put(`${owner.base}/Members/${holder.user.id}`, { roleId: builtIn('viewer'), version: 1 });
    expect((await owner.api.get(`${owner.base}/Roles/${role.id}`)).body.memberCount).toBe(0);
    expect((await owner.api.delete(`${owner.base}/Roles/${role.id}`, { version: 1 })).status).toBe(200);
    expect((await owner.api.get(`${owner.base}/Roles/${role.id}`)).status).toBe(404);
    // The name is free again once its role is gone.
    expect((await owner.api.post(`${owner.base}/Roles`, { name: 'AUDITOR', permissions: [] })).status).toBe(200);
  });

  it('lets nobody create, change, delete or grant a role beyond their own permissions', async () => {
    const { owner, member } = await companyWithMembers();
    const manager = (await owner.api.post(`${owner.base}/Roles`, { name: 'People manager', permissions: ['members:manage', 'companies:read', 'accounts:read'] })).body;
    const wide = (await owner.api.post(`${owner.base}/Roles`, { name: 'Bookkeeper', permissions: ['accounts:read', 'accounts:create'] })).body;
    const newcomer = (await owner.api.post(`${owner.base}/Roles`, { name: 'Newcomer', permissions: [] })).body;
    const lead = await member(manager.id);
    const target = await member(newcomer.id);

    const beyond = await lead.api.post(`${owner.base}/Roles`, { name: 'Sneaky', permissions: ['accounts:read', 'accounts:create'] });
    const widen = await lead.api.put(`${owner.base}/Roles/${manager.id}`, { name: 'People manager', permissions: ['members:manage', 'companies:read', 'accounts:read', 'settings:update'], version: 1 });
    const touchWide = await lead.api.put(`${owner.base}/Roles/${wide.id}`, { name: 'Bookkeeper', permissions: ['accounts:read'], version: 1 });
    const deleteWide = await lead.api.delete(`${owner.base}/Roles/${wide.id}`, { version: 1 });
    const grantWide = await lead.api.put(`${owner.base}/Members/${target.user.id}`, { roleId: wide.id, version: 1 });
    const within = await lead.api.post(`${owner.base}/Roles`, { name: 'Reader', permissions: ['accounts:read'] });
    const grantWithin = await lead.api.put(`${owner.base}/Members/${target.user.id}`, { roleId: within.body.id, version: 1 });

    expect(beyond.body.errors[0]).toMatchObject({ name: 'permissions', code: 'Forbidden' });
    expect(beyond.body.errors[0].reason).toContain('accounts:create');
    expect(widen.body.errors[0]).toMatchObject({ name: 'permissions', code: 'Forbidden' });
    expect(touchWide.body.errors[0]).toMatchObject({ name: 'roleId', code: 'Forbidden' });
    expect(deleteWide.body.errors[0]).toMatchObject({ name: 'roleId', code: 'Forbidden' });
    expect(grantWide.body.errors[0]).toMatchObject({ name: 'roleId', code: 'Forbidden' });
    expect(grantWithin.body).toMatchObject({ role: 'Reader', permissions: ['accounts:read'] });
    expect((await target.api.get(`${owner.base}/Accounts`)).status).toBe(200);
  });

  it('lets a read-only user make a read-only API key from a role; the key keeps its permissions when the role changes', async () => {
    const { owner, member } = await companyWithMembers();
    const reads = PERMISSIONS.filter((p) => p.endsWith(':read'));
    const readOnlyAdmin = (await owner.api.post(`${owner.base}/Roles`, { name: 'Read-only integrator', permissions: [...reads, 'api-keys:manage'] })).body;
    const reporting = (await owner.api.post(`${owner.base}/Roles`, { name: 'Reporting', permissions: reads })).body;
    const integrator = await member(readOnlyAdmin.id);

    const both = await integrator.api.post(`${owner.base}/ApiKeys`, { name: 'k', roleId: reporting.id, permissions: ['accounts:read'] });
    const neither = await integrator.api.post(`${owner.base}/ApiKeys`, { name: 'k' });
    const fromOwnerRole = await integrator.api.post(`${owner.base}/ApiKeys`, { name: 'k', roleId: builtIn('owner') });
    const key = await integrator.api.post(`${owner.base}/ApiKeys`, { name: 'Dashboard', roleId: reporting.id });

    expect(both.body.errors).toEqual([{ name: 'permissions', reason: 'give either permissions or roleId, not both', code: 'ValidationError' }]);
    expect(neither.body.errors).toEqual([{ name: 'permissions', reason: 'is required: give the key permissions, or a roleId to copy them from', code: 'ValidationError' }]);
    expect(fromOwnerRole.status).toBe(403);
    expect(key.body).toMatchObject({ roleId: reporting.id, permissions: reads });
    const machine = client(gateway.url, `Bearer ${key.body.key}`);
    expect((await machine.get(`${owner.base}/Accounts`)).status).toBe(200);
    expect((await machine.post(`${owner.base}/Accounts`, account('1'))).status).toBe(403);

    await owner.api.put(`${owner.base}/Roles/${reporting.id}`, { name: 'Reporting', permissions: ['reports:read'], version: 1 });
    expect((await machine.get(`${owner.base}/Accounts`)).status).toBe(200);
  });

  it('never lets a role be deleted while a member is being given it (two requests at once)', async () => {
    const { owner } = await companyWithMembers();
    for (let round = 0; round < 4; round++) {
      const role = (await owner.api.post(`${owner.base}/Roles`, { name: `Race ${round}`, permissions: ['accounts:read'] })).body;
      const user = await signedInUser(gateway.url);
      const [added, deleted] = await Promise.all([
        owner.api.post(`${owner.base}/Members`, { email: user.user.email, roleId: role.id }),
        owner.api.delete(`${owner.base}/Roles/${role.id}`, { version: 1 }),
      ]);
      const after = await owner.api.get(`${owner.base}/Roles/${role.id}`);
      // Never both; a member never holds a deleted role; the count matches the members.
      expect(added.status === 200 && deleted.status === 200).toBe(false);
      if (after.status === 404) expect(added.status).not.toBe(200);
      else expect(after.body.memberCount).toBe(added.status === 200 ? 1 : 0);
      expect((await user.api.get(`${owner.base}/Accounts`)).status).toBe(added.status === 200 ? 200 : 404);
    }
  });

  it(`holds at most ${MAX_CUSTOM_ROLES} custom roles per company`, async () => {
    const { owner } = await companyWithMembers();
    for (let i = 0; i < MAX_CUSTOM_ROLES; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, (_, j) => owner.api.post(`${owner.base}/Roles`, { name: `Role ${i + j}`, permissions: [] })));
      expect(batch.map((r) => r.status)).toEqual(Array(10).fill(200));
    }
    const over = await owner.api.post(`${owner.base}/Roles`, { name: 'One too many', permissions: [] });
    expect(over.body.errors[0].code).toBe('TooManyRoles');
    expect((await owner.api.get(`${owner.base}/Roles`)).body.results).toHaveLength(MAX_CUSTOM_ROLES + ROLES.length);
  });
});
