import { config } from '../../config.ts';
import { NotFound, StateConflict, VersionConflict } from '../../errors.ts';
import { batchGetItems } from '../table/batch-get.ts';
import { cappedCountOp } from './company-counts.ts';
import * as keys from '../table/keys.ts';
import { withPrefix } from '../table/prefix-query.ts';
import { queryAll } from '../table/query-all.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';
import type { RoleRecord } from '../../roles/records.ts';

/**
 * A company's custom roles. Each role item counts the members holding it (`memberCount`,
 * moved in the membership's transaction), so a role in use cannot be deleted; a name item
 * per role, keyed by the name's look-alike form and written in the role's transaction, keeps
 * names unique within the company also by look; the company item counts its custom roles.
 */

const FIELDS = ['companyId', 'roleId', 'name', 'description', 'permissions', 'memberCount', 'version', 'createdAt', 'updatedAt'] as const;
const roleFromItem = (item: Item) => recordOf<RoleRecord>(item, FIELDS);

const roleItem = (role: RoleRecord): Item => ({ ...keys.role(role.companyId, role.roleId), entity: 'Role', ...role });

const nameTaken = () => new StateConflict('DuplicateName', 'Another role of the company has this name or one that looks like it; choose another name.', 'name');

/** The name item of a role: under the name's look-alike form. */
const nameKey = (companyId: string, name: string, form: NameForm) => keys.roleName(companyId, form(name));

/**
 * The look-alike form names are compared in (text/look-alike-form.ts), handed in by the role
 * use cases: every function reads roles (authentication), only the role routes write names, so
 * only their bundles hold the look-alike table.
 */
export type NameForm = (name: string) => string;

/**
 * The key a name item written before look-alike forms has: the name in lower case, when that
 * is not a form itself (so it is never another role's name item under a form).
 */
function lowerCaseNameKey(companyId: string, name: string, form: NameForm) {
  const lower = name.toLowerCase();
  return form(lower) === lower ? undefined : keys.roleName(companyId, lower);
}

/** The role's name item, unless another role's name looks the same; and no older name item of exactly this name. */
function namePuts(role: RoleRecord, form: NameForm): WriteOp[] {
  const older = lowerCaseNameKey(role.companyId, role.name, form);
  return [
    mainTable.put({ ...nameKey(role.companyId, role.name, form), entity: 'RoleName', roleId: role.roleId }, { condition: conditions.absent, onConditionFailed: nameTaken }),
    ...(older ? [mainTable.check(older, conditions.absent, nameTaken)] : []),
  ];
}

function nameDeletes(role: RoleRecord, form: NameForm): WriteOp[] {
  const older = lowerCaseNameKey(role.companyId, role.name, form);
  return [nameKey(role.companyId, role.name, form), ...(older ? [older] : [])].map((key) => mainTable.delete(key));
}

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

const roleCountOp = (companyId: string, delta: 1 | -1, max: number) => cappedCountOp(companyId, 'customRoleCount', delta, { max, code: 'TooManyRoles', what: 'custom roles', wayOut: 'delete one that no member holds first' });

export function createRoleOps(role: RoleRecord, max: number, form: NameForm): WriteOp[] {
  return [
    mainTable.put(roleItem(role), { condition: conditions.absent }),
    ...namePuts(role, form),
    roleCountOp(role.companyId, 1, max),
  ];
}

/** Replaces a role at its version; a name that looks different moves the name item. */
export function updateRoleOps(before: RoleRecord, after: RoleRecord, form: NameForm): WriteOp[] {
  const renamed = form(before.name) !== form(after.name);
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
    ...(renamed ? [...nameDeletes(before, form), ...namePuts(after, form)] : []),
  ];
}

/** Deletes a role at its version, only while no member holds it. */
export function deleteRoleOps(role: RoleRecord, form: NameForm): WriteOp[] {
  return [
    mainTable.delete(keys.role(role.companyId, role.roleId), {
      condition: conditions.all(conditions.atVersion(role.version), { expression: 'memberCount = :zero', values: { ':zero': 0 } }),
      returnOld: true,
      onConditionFailed: (old) =>
        old && old.version === role.version
          ? new StateConflict('RoleInUse', 'Members hold this role; give them another role first.', 'roleId')
          : new VersionConflict(),
    }),
    ...nameDeletes(role, form),
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
