import { forgetMembersOf } from '../auth/access-cache.ts';
import { OWNER_ROLE } from '../auth/permissions.ts';
import type { MemberRecord } from './records.ts';
import type { MemberAdding, MemberList, MemberRemoving, MemberReplacing, MemberRoleCounts } from './store.ts';
import type { Change, UnitOfWork } from '../unit-of-work.ts';
import { NotFound, StateConflict, ValidationError, VersionConflict } from '../errors.ts';
import { checkActorHolds, type Actor } from '../roles/grants.ts';
import { findRole, findRoles, roleRef, type HeldRole } from '../roles/held-roles.ts';
import type { ManyRoleReads, RoleReads } from '../roles/store.ts';
import { mapPage, type ListQuery, type Page } from '../schemas/list-query.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { AddMemberInput, ChangeMemberInput } from './schemas.ts';

/**
 * Company members and their roles (built-in or the company's custom ones). Permissions are
 * read from the role on every request, so a change to the membership or to the role applies
 * to the member's next request.
 * - Nobody changes or removes their own membership.
 * - Nobody grants a role holding a permission they lack, nor changes or removes a member
 *   whose role holds one (the rule of API key creation, applied to every principal).
 * - A company always keeps at least one owner (a counter on the company, moved in the same
 *   transaction as the membership, so two concurrent demotions cannot both win).
 * - A custom role counts its members in the same transaction (a role in use is not deleted),
 *   and is granted only at the version whose permissions were checked.
 * Each use case takes the members' port it writes through and the roles' reads (store.ts, roles/store.ts).
 */
export type MemberView = ResponseOf<'MemberResponse'>;

const view = (m: MemberRecord, role: HeldRole | undefined): MemberView => ({
  userId: m.userId,
  email: m.email,
  roleId: m.roleId,
  role: role?.name ?? 'unknown',
  permissions: [...(role?.permissions ?? [])],
  joinedAt: m.joinedAt,
  version: m.version,
});

async function roleOf(roles: RoleReads, companyId: string, roleId: string): Promise<HeldRole> {
  const role = await findRole(roles, companyId, roleId);
  if (!role) throw ValidationError.field('roleId', 'must be the id of a built-in role or of one of the company\'s roles (GET .../Roles)');
  return role;
}

/** The owner counter's and the custom roles' member counts' moves when a member goes from one role to another. */
function roleChange(members: MemberRoleCounts, companyId: string, from: HeldRole | null, to: HeldRole | null, field: string): Change[] {
  if (from?.id === to?.id) return [];
  const wasOwner = from?.id === OWNER_ROLE.id;
  const isOwner = to?.id === OWNER_ROLE.id;
  return [
    ...(wasOwner !== isOwner ? [members.ownersChange(companyId, isOwner ? 1 : -1, field)] : []),
    ...(from?.record ? [members.roleHoldersChange(companyId, from.id, -1)] : []),
    ...(to?.record ? [members.roleHoldersChange(companyId, to.id, 1, to.record.version)] : []),
  ];
}

/** Adds a user (created on first sight) by email. Errors: ValidationError (roleId), Forbidden (roleId), StateConflict (AlreadyMember, RoleChanged). */
export async function addMember(members: MemberAdding, roles: RoleReads, uow: UnitOfWork, companyId: string, actor: Actor, input: AddMemberInput): Promise<MemberView> {
  const role = await roleOf(roles, companyId, input.roleId);
  checkActorHolds(actor, role, 'roleId', 'You cannot grant');
  const user = await members.userByEmail(input.email);
  const member: MemberRecord = { companyId, userId: user.id, email: user.email, roleId: role.id, joinedAt: new Date().toISOString(), version: 1 };
  return uow.commit([members.addChange(member), ...roleChange(members, companyId, null, role, 'roleId')], view(member, role));
}

/** Another member at the given version, with the role they hold (undefined if it is gone). */
async function otherMember(members: MemberReplacing | MemberRemoving, roles: RoleReads, companyId: string, userId: string, actor: Actor, version: number): Promise<{ member: MemberRecord; role: HeldRole | undefined }> {
  if (userId === actor.userId) throw new StateConflict('SelfChange', 'You cannot change or remove your own membership; another member who manages members can.');
  const member = await members.get(companyId, userId);
  if (!member) throw new NotFound('The member');
  if (member.version !== version) throw new VersionConflict();
  const role = await findRole(roles, companyId, member.roleId);
  if (role) checkActorHolds(actor, role, 'userId', 'You cannot change a member holding');
  return { member, role };
}

/** Errors: NotFound, VersionConflict, ValidationError, Forbidden (roleId, userId), StateConflict (SelfChange, LastOwner, RoleChanged). */
export async function changeMemberRole(members: MemberReplacing, roles: RoleReads, uow: UnitOfWork, companyId: string, userId: string, actor: Actor, input: ChangeMemberInput): Promise<MemberView> {
  const role = await roleOf(roles, companyId, input.roleId);
  checkActorHolds(actor, role, 'roleId', 'You cannot grant');
  const { member: before, role: current } = await otherMember(members, roles, companyId, userId, actor, input.version);
  const after = { ...before, roleId: role.id, version: before.version + 1 };
  const changed = await uow.commit([members.replaceChange(before, after), ...roleChange(members, companyId, current ?? null, role, 'roleId')], view(after, role));
  forgetMembersOf(companyId);
  return changed;
}

/** Errors: NotFound, VersionConflict, Forbidden (userId), StateConflict (SelfChange, LastOwner). */
export async function removeMember(members: MemberRemoving, roles: RoleReads, uow: UnitOfWork, companyId: string, userId: string, actor: Actor, version: number): Promise<null> {
  const { member, role } = await otherMember(members, roles, companyId, userId, actor, version);
  await uow.commit([members.removeChange(member), ...roleChange(members, companyId, role ?? null, null, 'userId')], null);
  forgetMembersOf(companyId);
  return null;
}

/** orderBy `Email`; the keyword matches the email. Errors: ValidationError (InvalidCursor). */
export async function listMembers(members: MemberList, roles: ManyRoleReads, companyId: string, query: ListQuery<'Email'>): Promise<Page<MemberView>> {
  const page = await members.page(companyId, query, query.keyword?.toLowerCase() ?? '');
  const held = await findRoles(roles, page.results);
  return mapPage(page, (m) => view(m, held.get(roleRef(companyId, m.roleId))));
}
