import { config } from '../../config.ts';
import { NotFound, StateConflict, VersionConflict } from '../../errors.ts';
import { batchGetItems } from '../table/batch-get.ts';
import * as keys from '../table/keys.ts';
import { withPrefix } from '../table/prefix-query.ts';
import { queryAll } from '../table/query-all.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';
import type { RoleRecord } from '../../roles/records.ts';

/**
 * A company's custom roles: their reads and the count of members holding each. Each role item
 * counts the members holding it (`memberCount`, moved in the membership's transaction), so a
 * role in use cannot be deleted. Creating, changing and deleting a role, with its name item,
 * are in role-writes-store.ts: every function reads roles, only the role routes write them.
 */

const FIELDS = ['companyId', 'roleId', 'name', 'description', 'permissions', 'memberCount', 'version', 'createdAt', 'updatedAt'] as const;
const roleFromItem = (item: Item) => recordOf<RoleRecord>(item, FIELDS);

export async function getRole(companyId: string, roleId: string): Promise<RoleRecord | undefined> {
  const item = await getItem(keys.role(companyId, roleId), { consistent: true });
  return item && roleFromItem(item);
}

/** A role's reference: the key of getRoles' answer. */
const roleRef = (companyId: string, roleId: string) => `${companyId}/${roleId}`;

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
