import type { Permission } from '../auth/permissions.ts';

/**
 * A company's custom role: its permissions, and how many members hold it (a role in use cannot
 * be deleted). Pure type; shared/db/stores/role-store.ts stores and reads it.
 */
export interface RoleRecord {
  companyId: string;
  roleId: string;
  name: string;
  description: string;
  permissions: Permission[];
  memberCount: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}
