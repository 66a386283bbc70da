import { describe, expect, it } from 'vitest';
import { hasPermission, OWNER_ROLE, PERMISSIONS, roleById, ROLES, SPEC_PERMISSIONS } from '../../../shared/auth/permissions.ts';
import { ROUTES } from '../../../shared/routes.ts';

describe('permissions', () => {
  it('contains the spec\'s 14 permission names exactly', () => {
    expect(SPEC_PERMISSIONS).toHaveLength(14);
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    for (const p of PERMISSIONS) expect(p).toMatch(/^[a-z-]+:[a-z]+$/);
  });

  it('gives the owner every permission and the viewer only reads', () => {
    expect([...OWNER_ROLE.permissions].sort()).toEqual([...PERMISSIONS].sort());
    const viewer = ROLES.find((r) => r.name === 'viewer')!;
    expect(viewer.permissions.every((p) => p.endsWith(':read'))).toBe(true);
    expect(hasPermission(viewer.permissions, 'accounts:read')).toBe(true);
    expect(hasPermission(viewer.permissions, 'accounts:create')).toBe(false);
    expect(roleById(viewer.id)).toBe(viewer);
    expect(roleById('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('lets the owner and the accountant store report snapshots, not the viewer', () => {
    const holders = ROLES.filter((r) => hasPermission(r.permissions, 'reports:create')).map((r) => r.name);
    expect(holders.sort()).toEqual(['accountant', 'owner']);
    expect(ROUTES.find((r) => r.name === 'reports.create')?.access).toBe('reports:create');
  });

  it('names known permissions on every company route (the one it declares, and those it also needs)', () => {
    for (const route of ROUTES) {
      if (route.access === 'public' || route.access === 'user') continue;
      expect(PERMISSIONS, route.name).toContain(route.access);
      for (const also of route.alsoNeeds ?? []) expect(PERMISSIONS, route.name).toContain(also);
    }
  });
});
