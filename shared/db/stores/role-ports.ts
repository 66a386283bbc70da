import type { ManyRoleReads, RoleCreating, RoleDeleting, RoleList, RoleReads, RoleReplacing } from '../../roles/store.ts';
import { createRoleOps, deleteRoleOps, getRole, getRoles, listCustomRoles, updateRoleOps } from './role-store.ts';

/**
 * The roles' ports (roles/store.ts), one per need, so a bundle holds only the role reads and
 * writes it makes (plain properties, no spread: a bundler keeps a spread it cannot prove pure).
 */
export const roleReads: RoleReads = { get: getRole };

export const manyRoleReads: ManyRoleReads = { getMany: async (refs) => [...(await getRoles(refs)).values()] };

export const roleList: RoleList = { list: listCustomRoles };

export const roleCreating: RoleCreating = { createChanges: createRoleOps };

export const roleReplacing: RoleReplacing = { get: getRole, replaceChanges: updateRoleOps };

export const roleDeleting: RoleDeleting = { get: getRole, deleteChanges: deleteRoleOps };
