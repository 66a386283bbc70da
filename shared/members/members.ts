import { missingPermissions, OWNER_ROLE, roleById, ROLES, type Role } from '../auth/permissions.ts';
import { findOrCreateUserByEmail } from '../db/user-store.ts';
import { ownerCountOp } from '../db/company-store.ts';
import { addMemberOp, getMember, membersPage, removeMemberOp, replaceMemberOp, type MemberRecord } from '../db/member-store.ts';
import { mapPage } from '../db/paginate.ts';
import type { WriteOp } from '../db/transact.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import { AppError, NotFound, StateConflict, ValidationError, VersionConflict } from '../errors.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { AddMemberInput, ChangeMemberInput } from './schemas.ts';

/**
 * Company members and their roles. Permissions are read from the role on every request, so a
 * change or removal applies to the member's next request.
 * - Nobody changes or removes their own membership.
 * - Nobody grants a role holding a permission they lack, nor changes or removes a member
 *   whose role holds one (the rule of API key creation, applied to every principal).
 * - A company always keeps at least one owner (a counter on the company, moved in the same
 *   transaction as the membership, so two concurrent demotions cannot both win).
 */
export type MemberView = ResponseOf<'MemberResponse'>;

/** Who is acting: the user (undefined for an API key) and the permissions held in the company. */
export interface Actor {
  userId: string | undefined;
  permissions: readonly string[];
}

const view = (m: MemberRecord): MemberView => {
  const role = roleById(m.roleId);
  return { userId: m.userId, email: m.email, roleId: m.roleId, role: role?.name ?? 'unknown', permissions: [...(role?.permissions ?? [])], joinedAt: m.joinedAt, version: m.version };
};

function roleOf(roleId: string): Role {
  const role = roleById(roleId);
  if (!role) throw ValidationError.field('roleId', `must be one of the roles: ${ROLES.map((r) => `${r.id} (${r.name})`).join(', ')}`);
  return role;
}

/** Forbidden (403) naming `field` when the role holds permissions the actor lacks. */
function checkActorHolds(actor: Actor, role: Role, field: string, what: string): void {
  const missing = missingPermissions(actor.permissions, role.permissions);
  if (missing.length > 0) {
    throw new AppError(403, [{ name: field, reason: `${what} the role ${role.name}, which holds permissions you lack: ${missing.join(', ')}.`, code: 'Forbidden' }]);
  }
}

/** The owner counter's move when a member goes from one role to another (none when neither is owner). */
function ownerChange(companyId: string, from: string | null, to: string | null, field: string): WriteOp[] {
  const wasOwner = from === OWNER_ROLE.id;
  const isOwner = to === OWNER_ROLE.id;
  if (wasOwner === isOwner) return [];
  return [ownerCountOp(companyId, isOwner ? 1 : -1, field)];
}

/** Adds a user (created on first sight) by email. Errors: ValidationError (roleId), Forbidden (roleId), StateConflict (AlreadyMember). */
export async function addMember(uow: UnitOfWork, companyId: string, actor: Actor, input: AddMemberInput): Promise<MemberView> {
  const role = roleOf(input.roleId);
  checkActorHolds(actor, role, 'roleId', 'You cannot grant');
  const user = await findOrCreateUserByEmail(input.email);
  const member: MemberRecord = { companyId, userId: user.id, email: user.email, roleId: role.id, joinedAt: new Date().toISOString(), version: 1 };
  return uow.commit([addMemberOp(member), ...ownerChange(companyId, null, role.id, 'roleId')], view(member));
}

async function otherMember(companyId: string, userId: string, actor: Actor, version: number): Promise<MemberRecord> {
  if (userId === actor.userId) throw new StateConflict('SelfChange', 'You cannot change or remove your own membership.');
  const member = await getMember(companyId, userId);
  if (!member) throw new NotFound('The member');
  if (member.version !== version) throw new VersionConflict();
  const current = roleById(member.roleId);
  if (current) checkActorHolds(actor, current, 'userId', 'You cannot change a member holding');
  return member;
}

/** Errors: NotFound, VersionConflict, ValidationError, Forbidden (roleId, userId), StateConflict (SelfChange, LastOwner). */
export async function changeMemberRole(uow: UnitOfWork, companyId: string, userId: string, actor: Actor, input: ChangeMemberInput): Promise<MemberView> {
  const role = roleOf(input.roleId);
  checkActorHolds(actor, role, 'roleId', 'You cannot grant');
  const before = await otherMember(companyId, userId, actor, input.version);
  const after = { ...before, roleId: role.id, version: before.version + 1 };
  return uow.commit([replaceMemberOp(before, after), ...ownerChange(companyId, before.roleId, after.roleId, 'roleId')], view(after));
}

/** Errors: NotFound, VersionConflict, Forbidden (userId), StateConflict (SelfChange, LastOwner). */
export async function removeMember(uow: UnitOfWork, companyId: string, userId: string, actor: Actor, version: number): Promise<null> {
  const member = await otherMember(companyId, userId, actor, version);
  return uow.commit([removeMemberOp(member), ...ownerChange(companyId, member.roleId, null, 'userId')], null);
}

/** orderBy `Email`; the keyword matches the email. */
export async function listMembers(companyId: string, query: ListQuery<'Email'>): Promise<Page<MemberView>> {
  return mapPage(await membersPage(companyId, query, query.keyword?.toLowerCase() ?? ''), view);
}

export function listRoles() {
  return { results: ROLES.map((r) => ({ id: r.id, name: r.name, permissions: r.permissions })) };
}
