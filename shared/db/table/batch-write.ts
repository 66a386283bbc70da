import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { db } from './client.ts';
import type { Key } from './keys.ts';
import type { Item } from './table-ops.ts';

/** One put or delete of a bulk write. */
export type BulkRequest = { put: Item } | { delete: Key };

/** Parallel BatchWrite calls at most. */
const PARALLEL = 16;

/**
 * Writes many items outside any transaction: 25 a call, 16 calls at once, unprocessed items
 * retried. Only for bulk work that owns what it writes (the ledger rebuild, the benchmark's
 * load): nothing here is conditional or atomic.
 */
export async function bulkWrite(requests: Iterable<BulkRequest>): Promise<number> {
  const pending: BulkRequest[] = [];
  let written = 0;
  const flush = async (all: boolean) => {
    while (pending.length >= 25 * PARALLEL || (all && pending.length > 0)) {
      const batches: BulkRequest[][] = [];
      for (let b = 0; b < PARALLEL && pending.length > 0; b++) batches.push(pending.splice(0, 25));
      await Promise.all(batches.map(writeBatch));
      written += batches.reduce((n, batch) => n + batch.length, 0);
    }
  };
  for (const request of requests) {
    pending.push(request);
    await flush(false);
  }
  await flush(true);
  return written;
}

async function writeBatch(batch: BulkRequest[]): Promise<void> {
  type Requests = Record<string, Array<{ PutRequest: { Item: Item } } | { DeleteRequest: { Key: Key } }>>;
  let request: Requests | undefined = {
    [config.tableName]: batch.map((r) => ('put' in r ? { PutRequest: { Item: r.put } } : { DeleteRequest: { Key: r.delete } })),
  };
  while (request && Object.keys(request).length > 0) {
    const result = await db().send(new BatchWriteCommand({ RequestItems: request }));
    request = result.UnprocessedItems as Requests | undefined;
  }
}
