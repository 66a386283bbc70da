import { randomUUID } from 'node:crypto';
import { forgetMembersOf } from '../auth/access-cache.ts';
import { roleById, ROLES, type Role } from '../auth/permissions.ts';
import type { RoleRecord } from './records.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { NotFound, StateConflict, VersionConflict } from '../errors.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { lookAlikeForm } from '../text/look-alike-form.ts';
import { checkActorHolds, type Actor } from './grants.ts';
import { findRole } from './held-roles.ts';
import type { CreateRoleInput, UpdateRoleInput } from './schemas.ts';
import type { RoleCreating, RoleDeleting, RoleList, RoleReads, RoleReplacing } from './store.ts';

/**
 * Roles: the three built-in ones (fixed ids, read-only) and each company's custom roles, with
 * any subset of the permissions. Nobody creates, changes or deletes a role holding a
 * permission they lack, so no one hands on more than they hold.
 */
export type RoleView = ResponseOf<'RoleResponse'>;

/** A custom role's limit per company: the roles list stays one bounded read. */
export const MAX_CUSTOM_ROLES = 50;

const builtInView = (role: Role): RoleView => ({
  id: role.id,
  name: role.name,
  description: `Built-in role ${role.name}`,
  permissions: [...role.permissions],
  builtIn: true,
  memberCount: null,
  version: 1,
  createdAt: null,
  updatedAt: null,
});

const customView = (r: RoleRecord): RoleView => ({
  id: r.roleId,
  name: r.name,
  description: r.description,
  permissions: r.permissions,
  builtIn: false,
  memberCount: r.memberCount,
  version: r.version,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

async function customRole(roles: RoleReads, companyId: string, roleId: string, version?: number): Promise<RoleRecord> {
  if (roleById(roleId)) throw new StateConflict('BuiltInRole', 'Built-in roles cannot be changed or deleted; create a custom role instead.', 'roleId');
  const record = await roles.get(companyId, roleId);
  if (!record) throw new NotFound('The role');
  if (version !== undefined && record.version !== version) throw new VersionConflict();
  return record;
}

/** StateConflict (DuplicateName) when the name is, or looks like, a built-in role's (text/look-alike-form.ts). */
function checkNameFree(name: string): void {
  const builtIn = ROLES.find((r) => lookAlikeForm(r.name) === lookAlikeForm(name));
  if (builtIn) throw new StateConflict('DuplicateName', `${name} is, or looks like, the name of the built-in role ${builtIn.name}; choose another name.`, 'name');
}

/** Built-in roles first, then the company's custom roles by name. Errors: none of its own. */
export async function listRoles(roles: RoleList, companyId: string): Promise<{ results: RoleView[] }> {
  return { results: [...ROLES.map(builtInView), ...(await roles.list(companyId)).map(customView)] };
}

/** Errors: NotFound. */
export async function readRole(roles: RoleReads, companyId: string, roleId: string): Promise<RoleView> {
  const role = (await findRole(roles, companyId, roleId)) ?? NotFound.throw('The role');
  return role.record ? customView(role.record) : builtInView(role);
}

/** Errors: Forbidden (permissions), StateConflict (DuplicateName, TooManyRoles). */
export async function createRole(roles: RoleCreating, uow: UnitOfWork, companyId: string, actor: Actor, input: CreateRoleInput): Promise<RoleView> {
  checkNameFree(input.name);
  checkActorHolds(actor, { name: input.name, permissions: input.permissions }, 'permissions', 'You cannot create');
  const now = new Date().toISOString();
  const record: RoleRecord = { companyId, roleId: randomUUID(), name: input.name, description: input.description, permissions: input.permissions, memberCount: 0, version: 1, createdAt: now, updatedAt: now };
  return uow.commit(roles.createChanges(record, MAX_CUSTOM_ROLES, lookAlikeForm), customView(record));
}

/** Errors: NotFound, VersionConflict, Forbidden (id, permissions), StateConflict (BuiltInRole, DuplicateName). */
export async function updateRole(roles: RoleReplacing, uow: UnitOfWork, companyId: string, roleId: string, actor: Actor, input: UpdateRoleInput): Promise<RoleView> {
  const before = await customRole(roles, companyId, roleId, input.version);
  checkNameFree(input.name);
  checkActorHolds(actor, { name: before.name, permissions: before.permissions }, 'roleId', 'You cannot change');
  checkActorHolds(actor, { name: input.name, permissions: input.permissions }, 'permissions', 'You cannot grant');
  const after: RoleRecord = { ...before, name: input.name, description: input.description, permissions: input.permissions, version: before.version + 1, updatedAt: new Date().toISOString() };
  const view = await uow.commit(roles.replaceChanges(before, after, lookAlikeForm), customView(after));
  forgetMembersOf(companyId);
  return view;
}

/** Errors: NotFound, VersionConflict, Forbidden (id), StateConflict (BuiltInRole, RoleInUse). */
export async function deleteRole(roles: RoleDeleting, uow: UnitOfWork, companyId: string, roleId: string, actor: Actor, version: number): Promise<null> {
  const role = await customRole(roles, companyId, roleId, version);
  checkActorHolds(actor, { name: role.name, permissions: role.permissions }, 'roleId', 'You cannot delete');
  if (role.memberCount > 0) throw new StateConflict('RoleInUse', 'Members hold this role; give them another role first.', 'roleId');
  return uow.commit(roles.deleteChanges(role, lookAlikeForm), null);
}
