import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { db } from './client.ts';
import type { Key } from './keys.ts';
import { onlyAttributes } from './prefix-query.ts';
import type { Item } from './table-ops.ts';
import { inChunks } from './transact.ts';

/**
 * Items of the main table by key (missing ones are absent), 100 keys a call, the calls sent side
 * by side, unprocessed keys retried; `consistent` reads strongly; `attributes` reads only those.
 */
export async function batchGetItems(itemKeys: Key[], options: { consistent?: boolean; attributes?: readonly string[] } = {}): Promise<Item[]> {
  const projection = options.attributes ? onlyAttributes(options.attributes) : {};
  const chunks = await Promise.all(
    inChunks(itemKeys, 100).map(async (chunk) => {
      const found: Item[] = [];
      let request: Record<string, { Keys: Item[]; ConsistentRead?: boolean }> | undefined = { [config.tableName]: { Keys: chunk, ...projection, ...(options.consistent ? { ConsistentRead: true } : {}) } };
      while (request && Object.keys(request).length > 0) {
        const result = await db().send(new BatchGetCommand({ RequestItems: request }));
        found.push(...(result.Responses?.[config.tableName] ?? []));
        request = result.UnprocessedKeys as typeof request;
      }
      return found;
    }),
  );
  return chunks.flat();
}
