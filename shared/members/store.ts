import type { User } from '../auth/records.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { Change } from '../unit-of-work.ts';
import type { MemberRecord } from './records.ts';

/**
 * What the member use cases (members.ts) need of the place memberships are kept: one membership
 * per user and company, the company's owners counted so the last one stays, and each custom
 * role's holders counted so a role in use is not deleted. One port per use case, so a handler
 * carries only what it uses; shared/db implements them.
 */

/** The counts a change of a member's role moves. */
export interface MemberRoleCounts {
  /** The company gains (1) or loses (-1) an owner. Errors at commit: StateConflict (LastOwner, naming `field`). */
  ownersChange(companyId: string, delta: 1 | -1, field: string): Change;
  /**
   * A member starts (1) or stops (-1) holding a custom role; taking it up requires the role at
   * `checkedVersion`. Errors at commit: NotFound, StateConflict (RoleChanged).
   */
  roleHoldersChange(companyId: string, roleId: string, delta: 1 | -1, checkedVersion?: number): Change;
}

export interface MemberReads {
  get(companyId: string, userId: string): Promise<MemberRecord | undefined>;
}

export interface MemberAdding extends MemberRoleCounts {
  /** The user with this email, created on first sight. */
  userByEmail(email: string): Promise<User>;
  /** Errors at commit: StateConflict (AlreadyMember). */
  addChange(member: MemberRecord): Change;
}

export interface MemberReplacing extends MemberReads, MemberRoleCounts {
  /** At the version read. Errors at commit: VersionConflict. */
  replaceChange(before: MemberRecord, after: MemberRecord): Change;
}

export interface MemberRemoving extends MemberReads, MemberRoleCounts {
  /** At the version read. Errors at commit: VersionConflict. */
  removeChange(member: MemberRecord): Change;
}

export interface MemberList {
  /** A page of the company's members by email; `keyword` (lower case, empty for none) matches the email. */
  page(companyId: string, query: ListQuery, keyword: string): Promise<Page<MemberRecord>>;
}
