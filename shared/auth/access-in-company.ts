import type { ApiKeyRecord } from '../api-keys/records.ts';
import { findRole } from '../roles/held-roles.ts';
import type { ActorRef } from './actor.ts';
import type { CompanyAccess } from './store.ts';

/**
 * What a user or an API key holds in a company, read afresh on every call (no credential
 * involved: the caller already knows who it is asking about).
 */

export const apiKeyExpired = (key: ApiKeyRecord) => key.expiresAt !== undefined && Date.parse(key.expiresAt) <= Date.now();

/** A member's permissions, from their role as it is now; null when the user is not a member. */
export async function memberPermissions(access: CompanyAccess, companyId: string, userId: string): Promise<readonly string[] | null> {
  const member = await access.member(companyId, userId);
  if (!member) return null;
  return (await findRole(access.roles, companyId, member.roleId))?.permissions ?? [];
}

/**
 * The permissions a recorded actor (whose reads a webhook subscription delivers) holds in the
 * company now, or null when it holds none: a user who is no longer a member, an API key that is
 * revoked, expired or gone. A shrunk role or a revoked key so takes effect on the next call.
 * (A key's IP allowlist governs requests, not what is sent to a subscription.)
 */
export async function permissionsOfActor(access: CompanyAccess, actor: NonNullable<ActorRef>, companyId: string): Promise<readonly string[] | null> {
  if (actor.type === 'user') return memberPermissions(access, companyId, actor.id);
  const key = await access.apiKeyById(companyId, actor.id);
  return key && !key.revokedAt && !apiKeyExpired(key) ? key.permissions : null;
}
