import { roleById, ROLES } from '../auth/permissions.ts';
import { findOrCreateUserByEmail } from '../db/user-store.ts';
import { addMemberOp, getMember, memberFromItem, removeMemberOp, replaceMemberOp, type MemberRecord } from '../db/company-store.ts';
import { keys } from '../db/keys.ts';
import { keywordListPage } from '../db/paginate.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import { NotFound, StateConflict, ValidationError, VersionConflict } from '../errors.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { AddMemberInput, ChangeMemberInput } from './schemas.ts';

/**
 * Company members and their roles. Permissions are read from the role on every request, so a
 * change or removal applies to the member's next request. Nobody changes or removes their own
 * membership, so a company always keeps the owner who manages it.
 */
export interface MemberView {
  userId: string;
  email: string;
  roleId: string;
  role: string;
  permissions: readonly string[];
  joinedAt: string;
  version: number;
}

const view = (m: MemberRecord): MemberView => {
  const role = roleById(m.roleId);
  return { userId: m.userId, email: m.email, roleId: m.roleId, role: role?.name ?? 'unknown', permissions: role?.permissions ?? [], joinedAt: m.joinedAt, version: m.version };
};

function checkRole(roleId: string): void {
  if (!roleById(roleId)) throw ValidationError.field('roleId', `must be one of the roles: ${ROLES.map((r) => `${r.id} (${r.name})`).join(', ')}`);
}

/** Adds a user (created on first sight) by email. Errors: ValidationError (roleId), StateConflict (AlreadyMember). */
export async function addMember(uow: UnitOfWork, companyId: string, input: AddMemberInput): Promise<MemberView> {
  checkRole(input.roleId);
  const user = await findOrCreateUserByEmail(input.email);
  const member: MemberRecord = { companyId, userId: user.id, email: user.email, roleId: input.roleId, joinedAt: new Date().toISOString(), version: 1 };
  return uow.commit([addMemberOp(member)], view(member));
}

async function otherMember(companyId: string, userId: string, actingUserId: string | undefined, version: number): Promise<MemberRecord> {
  if (userId === actingUserId) throw new StateConflict('SelfChange', 'You cannot change or remove your own membership.');
  const member = await getMember(companyId, userId);
  if (!member) throw new NotFound('The member');
  if (member.version !== version) throw new VersionConflict();
  return member;
}

/** Errors: NotFound, VersionConflict, ValidationError, StateConflict (SelfChange). */
export async function changeMemberRole(uow: UnitOfWork, companyId: string, userId: string, actingUserId: string | undefined, input: ChangeMemberInput): Promise<MemberView> {
  checkRole(input.roleId);
  const before = await otherMember(companyId, userId, actingUserId, input.version);
  const after = { ...before, roleId: input.roleId, version: before.version + 1 };
  return uow.commit([replaceMemberOp(before, after)], view(after));
}

/** Errors: NotFound, VersionConflict, StateConflict (SelfChange). */
export async function removeMember(uow: UnitOfWork, companyId: string, userId: string, actingUserId: string | undefined, version: number): Promise<null> {
  const member = await otherMember(companyId, userId, actingUserId, version);
  return uow.commit([removeMemberOp(member)], null);
}

/** orderBy `Email`; the keyword matches the email. */
export async function listMembers(companyId: string, query: ListQuery<'Email'>): Promise<Page<MemberView>> {
  const keyword = query.keyword?.toLowerCase() ?? '';
  const page = await keywordListPage(
    { index: 'gsi2', partition: keys.memberListPartition(companyId), companyId, endpoint: 'members.list', keywordAttribute: 'email' },
    query,
    keyword,
  );
  return { ...page, results: page.results.map((item) => view(memberFromItem(item))) };
}

export function listRoles() {
  return { results: ROLES.map((r) => ({ id: r.id, name: r.name, permissions: r.permissions })) };
}
