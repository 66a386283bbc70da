import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';
import { db } from './client.ts';
import { keys } from './keys.ts';

/** An API key as stored: only the SHA-256 of the key, never the key. */
export interface ApiKeyRecord {
  keyId: string;
  hash: string;
  /** The key's first characters, shown in listings so people can recognise it. */
  prefix: string;
  companyId: string;
  permissions: string[];
  ipAllowlist: string[];
  expiresAt?: string;
  revokedAt?: string;
  createdBy: string;
  createdAt: string;
}

export async function putApiKey(record: ApiKeyRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: config.tableName,
      Item: { ...keys.apiKey(record.hash), entity: 'ApiKey', ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}
