import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';
import { VersionConflict } from '../errors.ts';
import { db } from './client.ts';
import { keys } from './keys.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import { keywordListPage } from './paginate.ts';
import type { WriteOp } from './transact.ts';

/**
 * API keys as stored: the record lives under the SHA-256 of the key (the key itself is never
 * stored), so authentication is one read; a pointer under the company maps the key's id to it
 * for management, and gsi1 lists a company's keys by creation time.
 */
export interface ApiKeyRecord {
  keyId: string;
  hash: string;
  name?: string;
  /** The key's first characters, shown in listings so people can recognise it. */
  prefix: string;
  companyId: string;
  permissions: string[];
  ipAllowlist: string[];
  expiresAt?: string;
  revokedAt?: string;
  createdBy: string;
  createdAt: string;
  version?: number;
}

const FIELDS: Array<keyof ApiKeyRecord> = ['keyId', 'hash', 'name', 'prefix', 'companyId', 'permissions', 'ipAllowlist', 'expiresAt', 'revokedAt', 'createdBy', 'createdAt', 'version'];

export function apiKeyFromItem(item: Record<string, unknown>): ApiKeyRecord {
  return Object.fromEntries(FIELDS.filter((f) => item[f] !== undefined).map((f) => [f, item[f]])) as unknown as ApiKeyRecord;
}

function recordItem(record: ApiKeyRecord): Record<string, unknown> {
  return { ...keys.apiKey(record.hash), ...keys.apiKeyByCreation(record.companyId, record.createdAt, record.keyId), entity: 'ApiKey', ...record };
}

export function createApiKeyOps(record: ApiKeyRecord): WriteOp[] {
  return [
    { item: { Put: { TableName: config.tableName, Item: recordItem(record), ConditionExpression: 'attribute_not_exists(pk)' } } },
    {
      item: {
        Put: {
          TableName: config.tableName,
          Item: { ...keys.apiKeyById(record.companyId, record.keyId), entity: 'ApiKeyPointer', hash: record.hash },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
  ];
}

/** Writes a key directly (no pointer): for seeding records in tests. */
export async function putApiKey(record: ApiKeyRecord): Promise<void> {
  await db().send(new PutCommand({ TableName: config.tableName, Item: recordItem({ version: 1, ...record }), ConditionExpression: 'attribute_not_exists(pk)' }));
}

/** The key record for a presented key's hash (one read), or undefined. */
export async function getApiKeyByHash(hash: string): Promise<ApiKeyRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.apiKey(hash) }));
  return Item ? apiKeyFromItem(Item) : undefined;
}

export async function getApiKeyById(companyId: string, keyId: string): Promise<ApiKeyRecord | undefined> {
  const { Item: pointer } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.apiKeyById(companyId, keyId), ConsistentRead: true }));
  if (!pointer) return undefined;
  const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.apiKey(pointer.hash as string), ConsistentRead: true }));
  return Item ? apiKeyFromItem(Item) : undefined;
}

export function revokeApiKeyOp(record: ApiKeyRecord, revokedAt: string): WriteOp {
  return {
    item: {
      Update: {
        TableName: config.tableName,
        Key: keys.apiKey(record.hash),
        UpdateExpression: 'SET revokedAt = :revokedAt, version = :next',
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':revokedAt': revokedAt, ':next': (record.version ?? 1) + 1, ':version': record.version ?? 1 },
      },
    },
    onConditionFailed: () => new VersionConflict(),
  };
}

/** A company's API keys by creation (orderBy `CreatedAt`); the keyword matches the name. Revoked keys included. */
export function apiKeysPage(companyId: string, query: ListQuery, keyword: string): Promise<Page<ApiKeyRecord>> {
  return keywordListPage(
    { index: 'gsi1', partition: keys.apiKeyListPartition(companyId), companyId, endpoint: 'apiKeys.list', keywordAttribute: 'name', toRecord: apiKeyFromItem },
    query,
    keyword,
  );
}
