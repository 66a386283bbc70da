import type { Change } from '../unit-of-work.ts';
import type { RoleRecord } from './records.ts';

/**
 * What the roles need of the place custom roles are kept, in their own words: names unique in
 * the company also by look, at most `max` custom roles, and no role deleted while a member holds
 * it. One port per need, so a handler (and every access check) carries only what it uses;
 * shared/db implements them.
 */

/** One custom role (held-roles.ts: the access checks and the role use cases alike). */
export interface RoleReads {
  /** The company's custom role with this id, as last written, or undefined. */
  get(companyId: string, roleId: string): Promise<RoleRecord | undefined>;
}

/** The custom roles of several memberships at once; unknown ones are left out. */
export interface ManyRoleReads {
  getMany(refs: ReadonlyArray<{ companyId: string; roleId: string }>): Promise<RoleRecord[]>;
}

export interface RoleList {
  /** Every custom role of the company, by name. */
  list(companyId: string): Promise<RoleRecord[]>;
}

/** The form two role names share when they look alike (text/look-alikes): names are unique by it. */
export type LookAlikeForm = (name: string) => string;

export interface RoleCreating {
  /** Errors at commit: StateConflict (DuplicateName, TooManyRoles). */
  createChanges(role: RoleRecord, max: number, lookAlike: LookAlikeForm): Change[];
}

export interface RoleReplacing extends RoleReads {
  /** At the version read. Errors at commit: VersionConflict, StateConflict (DuplicateName). */
  replaceChanges(before: RoleRecord, after: RoleRecord, lookAlike: LookAlikeForm): Change[];
}

export interface RoleDeleting extends RoleReads {
  /** At the version read. Errors at commit: VersionConflict, StateConflict (RoleInUse). */
  deleteChanges(role: RoleRecord, lookAlike: LookAlikeForm): Change[];
}
