import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import type { LedgerOrder, LedgerRow } from '../../journals/ledger-entries.ts';
import { MinHeap } from '../../min-heap.ts';
import { db } from '../table/client.ts';
import { pacedLimit } from '../table/current-read-pace.ts';
import { ledgerKeys } from '../table/keys.ts';
import { ledgerRowsOfItem } from './ledger-store.ts';
import { withRange } from '../table/prefix-query.ts';

/**
 * Ledger items held at most, over every (account, partition key) read, counting the pages read
 * ahead: it sets how many items a read asks for. The fewer the reads, the fewer round trips (a
 * read costs about as much as a few hundred items do in DynamoDB Local); the bound keeps a wide
 * category's file from holding its range.
 */
const HELD_ITEMS = 80_000;
/** Items a read asks for, whatever the number of reads: few enough for a wide category, enough to be worth a round trip. */
const READ_ITEMS = { least: 10, most: 1000 };
/** Reads in flight at once. */
const READS_AT_ONCE = 16;

type Page = { rows: LedgerRow[]; next: Record<string, unknown> | undefined };
type Source = { pk: string; accountId: string; rows: LedgerRow[]; at: number; ahead: Promise<Page> | undefined };

/**
 * Every line of the accounts' ledgers posted from `from` to `to` that `keep` accepts, in ledger
 * order (`before`, handed in: journals/ledger-entries.ts sortsBefore): each account's entries under each partition key they are spread over read once, page
 * after page, the next page asked for as soon as one arrives (so reads overlap the consumer's
 * work), merged with a heap. Each item is read once: reading each account a chunk at a time
 * across its partition keys read every key's next chunk and kept one key's worth, re-reading
 * the rest. Leaving the walk early stops the reads not yet sent.
 */
export async function* mergedLedgerLines(
  companyId: string,
  accountIds: readonly string[],
  range: { from: string; to: string },
  keep: (row: LedgerRow) => boolean,
  before: LedgerOrder,
  /** Items a read asks for (the tests make it small, so that each ledger is read over several pages); by default what HELD_ITEMS allows. */
  readItems?: number,
): AsyncGenerator<LedgerRow> {
  const pks = ledgerKeys.partitions(companyId);
  const sources: Source[] = accountIds.flatMap((accountId) => pks.map((pk) => ({ pk, accountId, rows: [], at: 0, ahead: undefined })));
  // Each source holds at most two pages: the one merged, the one read ahead.
  const limit = readItems ?? Math.max(READ_ITEMS.least, Math.min(READ_ITEMS.most, Math.floor(HELD_ITEMS / 2 / Math.max(sources.length, 1))));
  const reads = readQueue(READS_AT_ONCE);
  const readPage = (source: Source, startKey: Record<string, unknown> | undefined) => {
    const page = reads.run(async (): Promise<Page> => {
      const bounds = ledgerKeys.ledgerRange(source.accountId, range.from, range.to);
      const result = await db().send(new QueryCommand({ TableName: config.tableName, ...withRange(source.pk, bounds), ExclusiveStartKey: startKey, ConsistentRead: true, Limit: pacedLimit(limit) }));
      const rows: LedgerRow[] = [];
      for (const item of result.Items ?? []) for (const row of ledgerRowsOfItem(item, source.accountId)) if (keep(row)) rows.push(row);
      return { rows, next: result.LastEvaluatedKey };
    });
    // A read ahead that fails after the walk was left (a file past its cap) must not be an unhandled rejection; awaiting it still throws.
    page.catch(() => undefined);
    return page;
  };
  // A source whose rows are used up takes the page read ahead, and asks for the one after it.
  const refill = async (source: Source) => {
    while (source.at >= source.rows.length && source.ahead) {
      const page = await source.ahead;
      source.rows = page.rows;
      source.at = 0;
      source.ahead = page.next ? readPage(source, page.next) : undefined;
    }
  };
  try {
    for (const source of sources) source.ahead = readPage(source, undefined);
    await Promise.all(sources.map(refill));
    const heap = new MinHeap<Source>((a, b) => before(a.rows[a.at]!, b.rows[b.at]!));
    for (const source of sources) if (source.at < source.rows.length) heap.push(source);
    for (let first = heap.peek(); first; first = heap.peek()) {
      yield first.rows[first.at++]!;
      await refill(first);
      if (first.at < first.rows.length) heap.sinkFirst();
      else heap.pop();
    }
  } finally {
    reads.stop();
  }
}

/** At most `atOnce` reads in flight, the others queued in order; once stopped, queued reads are dropped (answered with no rows). */
function readQueue(atOnce: number) {
  let running = 0;
  let stopped = false;
  const queued: Array<() => void> = [];
  const start = (read: () => Promise<Page>): Promise<Page> => {
    if (stopped) return Promise.resolve({ rows: [], next: undefined });
    running++;
    return read().finally(() => {
      running--;
      queued.shift()?.();
    });
  };
  return {
    run(read: () => Promise<Page>): Promise<Page> {
      if (running < atOnce) return start(read);
      return new Promise((resolve, reject) => queued.push(() => void start(read).then(resolve, reject)));
    },
    stop() {
      stopped = true;
      for (const dropped of queued.splice(0)) dropped();
    },
  };
}
