import { roleById, type Role } from '../auth/permissions.ts';
import { getRole, getRoles, roleRef } from '../db/stores/role-store.ts';
import type { RoleRecord } from './records.ts';

/**
 * The role a member holds, as access checks and the role use cases read it: built-in (no record)
 * or custom (with its record). Apart from the use cases (roles.ts), so that reading what someone
 * may do never depends on what changes roles.
 */

/** A role a member may hold: built-in (no record) or custom (with its record). */
export type HeldRole = Role & { record?: RoleRecord };

const held = (record: RoleRecord): HeldRole => ({ id: record.roleId, name: record.name, permissions: record.permissions, record });

/** The role with this id in the company: built-in, custom, or undefined. */
export async function findRole(companyId: string, roleId: string): Promise<HeldRole | undefined> {
  const builtIn = roleById(roleId);
  if (builtIn) return builtIn;
  const record = await getRole(companyId, roleId);
  return record && held(record);
}

/** The roles of several memberships at once (batch reads for the custom ones), by `roleRef`. */
export async function findRoles(memberships: ReadonlyArray<{ companyId: string; roleId: string }>): Promise<Map<string, HeldRole>> {
  const custom = await getRoles(memberships.filter((m) => !roleById(m.roleId)));
  const found = new Map<string, HeldRole>();
  for (const { companyId, roleId } of memberships) {
    const record = custom.get(roleRef(companyId, roleId));
    const role = roleById(roleId) ?? (record && held(record));
    if (role) found.set(roleRef(companyId, roleId), role);
  }
  return found;
}
