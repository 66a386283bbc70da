import { randomUUID } from 'node:crypto';
import { hashApiKey, newApiKey } from '../../shared/auth/api-key.ts';
import type { Permission } from '../../shared/auth/permissions.ts';
import { putApiKey, type ApiKeyRecord } from '../../shared/db/stores/api-key-store.ts';
import { putMember } from '../../shared/db/stores/member-store.ts';

/** Records the HTTP API cannot create yet (members, API keys), written through the same stores. */
export async function addMember(companyId: string, userId: string, roleId: string, email = `${userId}@example.com`): Promise<void> {
  await putMember({ companyId, userId, email, roleId, joinedAt: new Date().toISOString(), version: 1 });
}

export async function addApiKey(
  companyId: string,
  permissions: Permission[],
  options: Partial<Pick<ApiKeyRecord, 'ipAllowlist' | 'expiresAt' | 'revokedAt'>> = {},
): Promise<string> {
  const key = newApiKey();
  await putApiKey({
    keyId: randomUUID(),
    hash: hashApiKey(key),
    prefix: key.slice(0, 12),
    companyId,
    permissions,
    ipAllowlist: options.ipAllowlist ?? [],
    createdBy: randomUUID(),
    createdAt: new Date().toISOString(),
    ...(options.expiresAt ? { expiresAt: options.expiresAt } : {}),
    ...(options.revokedAt ? { revokedAt: options.revokedAt } : {}),
  });
  return key;
}
