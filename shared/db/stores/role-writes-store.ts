import { StateConflict, VersionConflict } from '../../errors.ts';
import { cappedCountOp } from './company-store.ts';
import { lookAlikeForm } from '../../text/look-alike-form.ts';
import * as keys from '../table/keys.ts';
import { conditions, mainTable, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';
import type { RoleRecord } from '../../roles/records.ts';

/**
 * Creating, changing and deleting a company's custom roles (reads: role-store.ts). A name item
 * per role, keyed by the name's look-alike form and written in the role's transaction, keeps
 * names unique within the company also by look; the company item counts its custom roles.
 * Apart from the reads so that only the role routes' bundles hold the look-alike table.
 */

const roleItem = (role: RoleRecord): Item => ({ ...keys.role(role.companyId, role.roleId), entity: 'Role', ...role });

const nameTaken = () => new StateConflict('DuplicateName', 'Another role of the company has this name or one that looks like it; choose another name.', 'name');

/** The name item of a role: under the name's look-alike form. */
const nameKey = (companyId: string, name: string) => keys.roleName(companyId, lookAlikeForm(name));

/**
 * The key a name item written before look-alike forms has: the name in lower case, when that
 * is not a form itself (so it is never another role's name item under a form).
 */
function lowerCaseNameKey(companyId: string, name: string) {
  const lower = name.toLowerCase();
  return lookAlikeForm(lower) === lower ? undefined : keys.roleName(companyId, lower);
}

/** The role's name item, unless another role's name looks the same; and no older name item of exactly this name. */
function namePuts(role: RoleRecord): WriteOp[] {
  const older = lowerCaseNameKey(role.companyId, role.name);
  return [
    mainTable.put({ ...nameKey(role.companyId, role.name), entity: 'RoleName', roleId: role.roleId }, { condition: conditions.absent, onConditionFailed: nameTaken }),
    ...(older ? [mainTable.check(older, conditions.absent, nameTaken)] : []),
  ];
}

function nameDeletes(role: RoleRecord): WriteOp[] {
  const older = lowerCaseNameKey(role.companyId, role.name);
  return [nameKey(role.companyId, role.name), ...(older ? [older] : [])].map((key) => mainTable.delete(key));
}

const roleCountOp = (companyId: string, delta: 1 | -1, max: number) => cappedCountOp(companyId, 'customRoleCount', delta, { max, code: 'TooManyRoles', what: 'custom roles', wayOut: 'delete one that no member holds first' });

export function createRoleOps(role: RoleRecord, max: number): WriteOp[] {
  return [
    mainTable.put(roleItem(role), { condition: conditions.absent }),
    ...namePuts(role),
    roleCountOp(role.companyId, 1, max),
  ];
}

/** Replaces a role at its version; a name that looks different moves the name item. */
export function updateRoleOps(before: RoleRecord, after: RoleRecord): WriteOp[] {
  const renamed = lookAlikeForm(before.name) !== lookAlikeForm(after.name);
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
    ...(renamed ? [...nameDeletes(before), ...namePuts(after)] : []),
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
    ...nameDeletes(role),
    roleCountOp(role.companyId, -1, 0),
  ];
}
