import type { Permission } from '../auth/permissions.ts';
import { config } from '../config.ts';
import { NotFound, StateConflict, VersionConflict } from '../errors.ts';
import { batchGetItems } from './batch-get.ts';
import { cappedCountOp } from './company-store.ts';
import { keys } from './keys.ts';
import { withPrefix } from './prefix-query.ts';
import { queryAll } from './query-all.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from './table-ops.ts';
import type { WriteOp } from './transact.ts';

/**
 * A company's custom roles. Each role item counts the members holding it (`memberCount`,
 * moved in the membership's transaction), so a role in use cannot be deleted; a name item
 * per role keeps names unique within the company; the company item counts its custom roles.
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

const FIELDS = ['companyId', 'roleId', 'name', 'description', 'permissions', 'memberCount', 'version', 'createdAt', 'updatedAt'] as const;
const roleFromItem = (item: Item) => recordOf<RoleRecord>(item, FIELDS);

const roleItem = (role: RoleRecord): Item => ({ ...keys.role(role.companyId, role.roleId), entity: 'Role', ...role });

const nameTaken = () => new StateConflict('DuplicateName', 'Another role of the company has this name.', 'name');

export async function getRole(companyId: string, roleId: string): Promise<RoleRecord | undefined> {
  const item = await getItem(keys.role(companyId, roleId), { consistent: true });
  return item && roleFromItem(item);
}

/** A role's reference: the key of getRoles' answer. */
export const roleRef = (companyId: string, roleId: string) => `${companyId}/${roleId}`;

/** Custom roles by `roleRef` (batch reads; unknown ones are absent). */
export async function getRoles(refs: ReadonlyArray<{ companyId: string; roleId: string }>): Promise<Map<string, RoleRecord>> {
  const unique = new Map(refs.map((r) => [roleRef(r.companyId, r.roleId), r]));
  const items = await batchGetItems([...unique.values()].map((r) => keys.role(r.companyId, r.roleId)));
  return new Map(items.map((item) => [roleRef(String(item.companyId), String(item.roleId)), roleFromItem(item)]));
}

/** Every custom role of a company (bounded: the company item caps their number). */
export async function listCustomRoles(companyId: string): Promise<RoleRecord[]> {
  const roles: RoleRecord[] = [];
  for await (const item of queryAll({ TableName: config.tableName, ...withPrefix(keys.company(companyId).pk, keys.rolePrefix), ConsistentRead: true })) {
    roles.push(roleFromItem(item));
  }
  return roles.sort((a, b) => a.name.localeCompare(b.name));
}

const roleCountOp = (companyId: string, delta: 1 | -1, max: number) => cappedCountOp(companyId, 'customRoleCount', delta, { max, code: 'TooManyRoles', what: 'custom roles' });

export function createRoleOps(role: RoleRecord, max: number): WriteOp[] {
  return [
    mainTable.put(roleItem(role), { condition: conditions.absent }),
    mainTable.put({ ...keys.roleName(role.companyId, role.name), entity: 'RoleName', roleId: role.roleId }, { condition: conditions.absent, onConditionFailed: nameTaken }),
    roleCountOp(role.companyId, 1, max),
  ];
}

/** Replaces a role at its version; a new name moves the name item. */
export function updateRoleOps(before: RoleRecord, after: RoleRecord): WriteOp[] {
  const renamed = before.name.toLowerCase() !== after.name.toLowerCase();
  return [
    mainTable.update(
      keys.role(after.companyId, after.roleId),
      {
        // An update, not a put: memberCount moves with memberships meanwhile. Names, because
        // name, description and permissions are reserved words.
        expression: 'SET #name = :name, #description = :description, #permissions = :permissions, version = :next, updatedAt = :updatedAt',
        names: { '#name': 'name', '#description': 'description', '#permissions': 'permissions' },
        values: { ':name': after.name, ':description': after.description, ':permissions': after.permissions, ':next': after.version, ':updatedAt': after.updatedAt },
      },
      { condition: conditions.atVersion(before.version), onConditionFailed: () => new VersionConflict() },
    ),
    ...(renamed
      ? [
          mainTable.delete(keys.roleName(before.companyId, before.name)),
          mainTable.put({ ...keys.roleName(after.companyId, after.name), entity: 'RoleName', roleId: after.roleId }, { condition: conditions.absent, onConditionFailed: nameTaken }),
        ]
      : []),
  ];
}

/** Deletes a role at its version, only while no member holds it. */
export function deleteRoleOps(role: RoleRecord): WriteOp[] {
  return [
    mainTable.delete(keys.role(role.companyId, role.roleId), {
      condition: conditions.all(conditions.atVersion(role.version), { expression: 'memberCount = :zero', values: { ':zero': 0 } }),
      returnOld: true,
      onConditionFailed: (old) =>
        old && old.version === role.version
          ? new StateConflict('RoleInUse', 'Members hold this role; give them another role first.', 'roleId')
          : new VersionConflict(),
    }),
    mainTable.delete(keys.roleName(role.companyId, role.name)),
    roleCountOp(role.companyId, -1, 0),
  ];
}

/**
 * A member starts (+1) or stops (-1) holding a custom role. Taking it up requires the role
 * unchanged since the grant was checked against the actor's permissions.
 */
export function roleHolderOp(companyId: string, roleId: string, delta: 1 | -1, checkedVersion?: number): WriteOp {
  return mainTable.update(
    keys.role(companyId, roleId),
    { expression: 'ADD memberCount :delta', values: { ':delta': delta } },
    {
      condition: checkedVersion === undefined ? conditions.present : conditions.all(conditions.present, conditions.atVersion(checkedVersion)),
      onConditionFailed: () =>
        checkedVersion === undefined ? new NotFound('The role', 'roleId') : new StateConflict('RoleChanged', 'The role changed while it was being granted; send the request again.', 'roleId'),
    },
  );
}
