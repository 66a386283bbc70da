import { randomUUID } from 'node:crypto';
import { forgetApiKeysOf } from '../auth/access-cache.ts';
import { hashApiKey, newApiKey } from '../auth/api-key.ts';
import { missingPermissions } from '../auth/permissions.ts';
import type { Principal } from '../auth/principal.ts';
import type { ApiKeyRecord } from './records.ts';
import type { ApiKeyCreating, ApiKeyList, ApiKeyRevoking } from './store.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { findRole } from '../roles/held-roles.ts';
import type { RoleReads } from '../roles/store.ts';
import { Forbidden, NotFound, StateConflict, ValidationError, VersionConflict } from '../errors.ts';
import { mapPage, type ListQuery, type Page } from '../schemas/list-query.ts';
import { shownOnce } from '../schemas/one-time-secrets.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { CreateApiKeyInput } from './schemas.ts';

/** An API key as shown (never the key or its hash, only a recognisable prefix): its response schema's type. */
export type ApiKeyView = ResponseOf<'ApiKeyResponse'>;

const view = (r: ApiKeyRecord): ApiKeyView => ({
  id: r.keyId,
  name: r.name ?? '',
  prefix: r.prefix,
  permissions: r.permissions,
  roleId: r.roleId ?? null,
  ipAllowlist: r.ipAllowlist,
  expiresAt: r.expiresAt ?? null,
  revokedAt: r.revokedAt ?? null,
  createdBy: r.createdBy,
  createdAt: r.createdAt,
  version: r.version ?? 1,
});

/** A role's permissions, copied into a key at creation (spec: fixed at creation, whatever the role becomes). */
async function rolePermissions(roles: RoleReads, companyId: string, roleId: string): Promise<string[]> {
  const role = (await findRole(roles, companyId, roleId)) ?? NotFound.throw('The role', 'roleId');
  if (role.permissions.length === 0) throw ValidationError.field('roleId', 'must name a role holding at least one permission');
  return [...role.permissions];
}

/**
 * Creates a key bound to the company, with permissions the creating user holds there; the
 * full key is in this response only. Errors: Forbidden (not a user, or a permission the
 * creator lacks: nothing is created), ValidationError (expiry in the past).
 */
export async function createApiKey(
  apiKeys: ApiKeyCreating,
  roles: RoleReads,
  uow: UnitOfWork,
  companyId: string,
  principal: Principal | undefined,
  creatorPermissions: readonly string[],
  input: CreateApiKeyInput,
): Promise<ResponseOf<'CreatedApiKeyResponse'>> {
  if (principal?.kind !== 'user') throw new Forbidden('API keys are created by signed-in users.');
  const permissions = input.roleId === undefined ? (input.permissions ?? []) : await rolePermissions(roles, companyId, input.roleId);
  const beyond = missingPermissions(creatorPermissions, permissions);
  if (beyond.length > 0) throw new Forbidden(`A key cannot be granted permissions its creator lacks: ${beyond.join(', ')}.`);
  if (input.expiresAt && Date.parse(input.expiresAt) <= Date.now()) throw ValidationError.field('expiresAt', 'must be in the future');
  const key = newApiKey();
  const record: ApiKeyRecord = {
    keyId: randomUUID(),
    hash: hashApiKey(key),
    name: input.name,
    prefix: key.slice(0, 14),
    companyId,
    permissions,
    ...(input.roleId ? { roleId: input.roleId } : {}),
    ipAllowlist: input.ipAllowlist,
    ...(input.expiresAt ? { expiresAt: new Date(input.expiresAt).toISOString() } : {}),
    createdBy: principal.userId,
    createdAt: new Date().toISOString(),
    version: 1,
  };
  return uow.commit(apiKeys.createChanges(record), { ...view(record), ...shownOnce('key', key) });
}

/** Revokes a key; it stops working on the next request. Errors: NotFound, VersionConflict, StateConflict (InvalidState: already revoked). */
export async function revokeApiKey(apiKeys: ApiKeyRevoking, uow: UnitOfWork, companyId: string, keyId: string, version: number): Promise<ApiKeyView> {
  const record = await apiKeys.get(companyId, keyId);
  if (!record) throw new NotFound('The API key');
  if ((record.version ?? 1) !== version) throw new VersionConflict();
  if (record.revokedAt) throw new StateConflict('InvalidState', 'The API key is already revoked.');
  const revokedAt = new Date().toISOString();
  const revoked = await uow.commit([apiKeys.revokeChange(record, revokedAt)], view({ ...record, revokedAt, version: version + 1 }));
  forgetApiKeysOf(companyId);
  return revoked;
}

/** orderBy `CreatedAt`; the keyword matches the name. Revoked keys are listed too. Errors: ValidationError (InvalidCursor). */
export async function listApiKeys(apiKeys: ApiKeyList, companyId: string, query: ListQuery<'CreatedAt'>): Promise<Page<ApiKeyView>> {
  return mapPage(await apiKeys.page(companyId, query, query.keyword ?? ''), view);
}
