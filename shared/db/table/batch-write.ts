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
 * Writes many items outside any transaction: 25 a call, 16 calls in flight (a call that answers
 * makes room for the next at once, so no call waits on the slowest of a round), unprocessed
 * items retried. Only for bulk work that owns what it writes (the ledger rebuild, an import's
 * puts, the benchmark's load): nothing here is conditional or atomic. Reads `requests` as it
 * goes, 25 at a time.
 */
export async function bulkWrite(requests: Iterable<BulkRequest>): Promise<number> {
  const source = requests[Symbol.iterator]();
  let written = 0;
  const nextBatch = (): BulkRequest[] => {
    const batch: BulkRequest[] = [];
    for (let next = source.next(); !next.done; next = source.next()) {
      batch.push(next.value);
      if (batch.length === 25) break;
    }
    return batch;
  };
  // Each lane sends a batch, then takes the next; a failure stops the lanes after their call.
  let failed = false;
  const lane = async () => {
    for (let batch = nextBatch(); batch.length > 0 && !failed; batch = nextBatch()) {
      try {
        await writeBatch(batch);
      } catch (error) {
        failed = true;
        throw error;
      }
      written += batch.length;
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: PARALLEL }, lane));
  const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failure) throw failure.reason;
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
