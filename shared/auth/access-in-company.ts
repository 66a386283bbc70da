import type { ApiKeyRecord } from '../api-keys/records.ts';
import { getApiKeyById } from '../db/stores/api-key-store.ts';
import { getMember } from '../db/stores/member-store.ts';
import { roleReads } from '../db/stores/role-ports.ts';
import { findRole } from '../roles/held-roles.ts';
import type { ActorRef } from './actor.ts';

/**
 * What a user or an API key holds in a company, read afresh on every call (no credential
 * involved: the caller already knows who it is asking about).
 */

export const apiKeyExpired = (key: ApiKeyRecord) => key.expiresAt !== undefined && Date.parse(key.expiresAt) <= Date.now();

/** A member's permissions, from their role as it is now; null when the user is not a member. */
export async function memberPermissions(companyId: string, userId: string): Promise<readonly string[] | null> {
  const member = await getMember(companyId, userId);
  if (!member) return null;
  return (await findRole(roleReads, companyId, member.roleId))?.permissions ?? [];
}

/**
 * The permissions a recorded actor (whose reads a webhook subscription delivers) holds in the
 * company now, or null when it holds none: a user who is no longer a member, an API key that is
 * revoked, expired or gone. A shrunk role or a revoked key so takes effect on the next call.
 * (A key's IP allowlist governs requests, not what is sent to a subscription.)
 */
export async function permissionsOfActor(actor: NonNullable<ActorRef>, companyId: string): Promise<readonly string[] | null> {
  if (actor.type === 'user') return memberPermissions(companyId, actor.id);
  const key = await getApiKeyById(companyId, actor.id);
  return key && !key.revokedAt && !apiKeyExpired(key) ? key.permissions : null;
}
