import { VersionConflict } from '../../errors.ts';
import * as keys from '../table/keys.ts';
import type { ListQuery, Page } from '../../schemas/list-query.ts';
import { keywordListPage } from '../table/paginate.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import { transactWrite, type WriteOp } from '../table/transact.ts';
import type { ApiKeyRecord } from '../../api-keys/records.ts';

/**
 * API keys as stored: the record lives under the SHA-256 of the key (the key itself is never
 * stored), so authentication is one read; a pointer under the company maps the key's id to it
 * for management, and gsi1 lists a company's keys by creation time.
 */

const FIELDS = ['keyId', 'hash', 'name', 'prefix', 'companyId', 'permissions', 'roleId', 'ipAllowlist', 'expiresAt', 'revokedAt', 'createdBy', 'createdAt', 'version'] as const;
const apiKeyFromItem = (item: Item) => recordOf<ApiKeyRecord>(item, FIELDS);

function recordItem(record: ApiKeyRecord): Item {
  return { ...keys.apiKey(record.hash), ...keys.apiKeyByCreation(record.companyId, record.createdAt, record.keyId), entity: 'ApiKey', ...record };
}

/** The key record under its hash, and the company's pointer from the key id to it. */
export function createApiKeyOps(record: ApiKeyRecord): WriteOp[] {
  return [
    mainTable.put(recordItem(record), { condition: conditions.absent }),
    mainTable.put({ ...keys.apiKeyById(record.companyId, record.keyId), entity: 'ApiKeyPointer', hash: record.hash }, { condition: conditions.absent }),
  ];
}

/** Writes a key directly (no pointer): for seeding records in tests. */
export async function putApiKey(record: ApiKeyRecord): Promise<void> {
  await transactWrite([mainTable.put(recordItem({ version: 1, ...record }), { condition: conditions.absent })]);
}

/** The key record for a presented key's hash (one read), or undefined. */
export async function getApiKeyByHash(hash: string): Promise<ApiKeyRecord | undefined> {
  const item = await getItem(keys.apiKey(hash));
  return item && apiKeyFromItem(item);
}

export async function getApiKeyById(companyId: string, keyId: string): Promise<ApiKeyRecord | undefined> {
  const pointer = await getItem(keys.apiKeyById(companyId, keyId), { consistent: true });
  if (!pointer) return undefined;
  const item = await getItem(keys.apiKey(pointer.hash as string), { consistent: true });
  return item && apiKeyFromItem(item);
}

/** The user who made the API key, or undefined for a key the company does not have. */
export async function apiKeyCreator(companyId: string, keyId: string): Promise<string | undefined> {
  return (await getApiKeyById(companyId, keyId))?.createdBy;
}

export function revokeApiKeyOp(record: ApiKeyRecord, revokedAt: string): WriteOp {
  const version = record.version ?? 1;
  return mainTable.update(
    keys.apiKey(record.hash),
    { expression: 'SET revokedAt = :revokedAt, version = :next', values: { ':revokedAt': revokedAt, ':next': version + 1 } },
    { condition: conditions.atVersion(version), onConditionFailed: () => new VersionConflict() },
  );
}

/** A company's API keys by creation (orderBy `CreatedAt`); the keyword matches the name. Revoked keys included. */
export function apiKeysPage(companyId: string, query: ListQuery, keyword: string): Promise<Page<ApiKeyRecord>> {
  return keywordListPage(
    { index: 'gsi1', partition: keys.apiKeyListPartition(companyId), companyId, endpoint: 'apiKeys.list', keywordAttribute: 'name', toRecord: apiKeyFromItem },
    query,
    keyword,
  );
}
