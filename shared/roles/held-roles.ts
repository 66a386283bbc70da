import { roleById, type Role } from '../auth/permissions.ts';
import type { RoleRecord } from './records.ts';
import type { ManyRoleReads, RoleReads } from './store.ts';

/**
 * The role a member holds, as access checks and the role use cases read it: built-in (no record)
 * or custom (with its record). Apart from the use cases (roles.ts), so that reading what someone
 * may do never depends on what changes roles.
 */

/** A role a member may hold: built-in (no record) or custom (with its record). */
export type HeldRole = Role & { record?: RoleRecord };

const held = (record: RoleRecord): HeldRole => ({ id: record.roleId, name: record.name, permissions: record.permissions, record });

/** A role's reference: the key of findRoles' answer. */
export const roleRef = (companyId: string, roleId: string) => `${companyId}/${roleId}`;

/** The role with this id in the company: built-in, custom, or undefined. */
export async function findRole(roles: RoleReads, companyId: string, roleId: string): Promise<HeldRole | undefined> {
  const builtIn = roleById(roleId);
  if (builtIn) return builtIn;
  const record = await roles.get(companyId, roleId);
  return record && held(record);
}

/** The roles of several memberships at once (batch reads for the custom ones), by `roleRef`. */
export async function findRoles(roles: ManyRoleReads, memberships: ReadonlyArray<{ companyId: string; roleId: string }>): Promise<Map<string, HeldRole>> {
  const custom = new Map((await roles.getMany(memberships.filter((m) => !roleById(m.roleId)))).map((r) => [roleRef(r.companyId, r.roleId), r]));
  const found = new Map<string, HeldRole>();
  for (const { companyId, roleId } of memberships) {
    const record = custom.get(roleRef(companyId, roleId));
    const role = roleById(roleId) ?? (record && held(record));
    if (role) found.set(roleRef(companyId, roleId), role);
  }
  return found;
}
