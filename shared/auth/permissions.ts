/**
 * Permission names (`resource:action`) and the built-in roles. Pure data and rules:
 * no I/O here, so the permission check is unit-tested directly.
 */

/** The 14 permissions the spec names, in its order. */
export const SPEC_PERMISSIONS = [
  'journals:read',
  'journals:create',
  'journals:update',
  'journals:post',
  'journals:void',
  'accounts:read',
  'accounts:create',
  'accounts:update',
  'accounts:delete',
  'reports:read',
  'financial-years:read',
  'financial-years:create',
  'cost-centers:read',
  'cost-centers:create',
] as const;

/** Permissions the spec's endpoints need but its table does not name (see docs/decisions.md). */
export const SERVICE_PERMISSIONS = [
  'cost-centers:update',
  'cost-centers:delete',
  'financial-years:update',
  'financial-years:delete',
  'financial-years:close',
  'companies:read',
  'settings:read',
  'settings:update',
  'members:manage',
  'api-keys:manage',
  'events:read',
  'webhooks:manage',
  'reports:create',
  'exchange-rates:read',
  'exchange-rates:manage',
  'budgets:read',
  'budgets:manage',
  'imports:manage',
  'audit:read',
  'tax-codes:read',
  'tax-codes:manage',
  'vat-returns:read',
  'vat-returns:file',
  'counterparties:read',
  'counterparties:manage',
  'journals:approve',
  'approval-policies:read',
  'approval-policies:manage',
  'bank:read',
  'bank:reconcile',
  'attachments:read',
  'attachments:create',
  'exports:read',
] as const;

export const PERMISSIONS = [...SPEC_PERMISSIONS, ...SERVICE_PERMISSIONS] as const;
export type Permission = (typeof PERMISSIONS)[number];


export interface Role {
  id: string;
  name: string;
  permissions: readonly Permission[];
}

/** Built-in roles; their ids are fixed so tokens and members can name them. */
export const ROLES: readonly Role[] = [
  { id: '5b0d7a52-8d0e-4c55-9a51-0f6f3c1f0001', name: 'owner', permissions: PERMISSIONS },
  {
    id: '5b0d7a52-8d0e-4c55-9a51-0f6f3c1f0003',
    name: 'accountant',
    // Approving journals and setting who must approve them are the owner's (or a role made for it): the accountant enters and posts.
    permissions: PERMISSIONS.filter((p) => !['members:manage', 'settings:update', 'financial-years:delete', 'journals:approve', 'approval-policies:manage'].includes(p)),
  },
  {
    id: '5b0d7a52-8d0e-4c55-9a51-0f6f3c1f0002',
    name: 'viewer',
    permissions: PERMISSIONS.filter((p) => p.endsWith(':read')),
  },
];

export const OWNER_ROLE = ROLES[0]!;

export function roleById(roleId: string): Role | undefined {
  return ROLES.find((r) => r.id === roleId);
}

export function hasPermission(granted: readonly string[], needed: Permission): boolean {
  return granted.includes(needed);
}

/**
 * The permissions in `wanted` that `granted` lacks. No principal hands on more than it holds:
 * an API key's permissions, a role given to a member, a role taken away from one.
 */
export function missingPermissions(granted: readonly string[], wanted: readonly string[]): string[] {
  return wanted.filter((p) => !granted.includes(p));
}
