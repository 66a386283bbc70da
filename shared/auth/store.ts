import type { ApiKeyRecord } from '../api-keys/records.ts';
import type { MemberRecord } from '../members/records.ts';
import type { ManyRoleReads, RoleReads } from '../roles/store.ts';
import type { RefreshRecord, User } from './records.ts';

/** What authenticating a caller (principal.ts) needs of the place API keys are kept. shared/db implements it. */
export interface ApiKeyReads {
  /** The key record for a presented key's hash, or undefined. */
  byHash(hash: string): Promise<ApiKeyRecord | undefined>;
}

/**
 * What issuing and refreshing tokens (tokens.ts) needs of the place sessions are kept: refresh
 * tokens kept by their hash, rotated once, revoked by family; the user; the companies they belong
 * to and their roles (for the response's `companies`). shared/db implements it.
 */
export interface TokenKeeping extends ManyRoleReads {
  keepRefresh(record: RefreshRecord): Promise<void>;
  /** The refresh token with this hash, and when it was used, if it was. */
  refresh(hash: string): Promise<(RefreshRecord & { usedAt?: number }) | undefined>;
  /** Marks `old` used and keeps `next`, once. Errors: Unauthorized when `old` was used meanwhile. */
  rotate(old: RefreshRecord, next: RefreshRecord): Promise<void>;
  /** Every refresh token of the family refused from now, the mark kept until `expiresAt` (epoch seconds). */
  revokeFamily(familyId: string, expiresAt: number): Promise<void>;
  familyRevoked(familyId: string): Promise<boolean>;
  user(userId: string): Promise<User | undefined>;
  memberships(userId: string): Promise<MemberRecord[]>;
}

/**
 * What a user's or an API key's permissions in a company are read from, afresh
 * (access-in-company.ts): the membership, a custom role, the key. shared/db implements it.
 */
export interface CompanyAccess {
  member(companyId: string, userId: string): Promise<MemberRecord | undefined>;
  apiKeyById(companyId: string, keyId: string): Promise<ApiKeyRecord | undefined>;
  roles: RoleReads;
}
