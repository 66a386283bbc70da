import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import type { TaxLedgerLine, TaxLedgerRow } from '../../journals/ledger-entries.ts';
import { MinHeap } from '../../min-heap.ts';
import { db } from '../table/client.ts';
import { ledgerKeys } from '../table/keys.ts';
import { withRange } from '../table/prefix-query.ts';
import { pacedLimit } from '../table/read-pace.ts';

/** A place in a walk of the tax ledger: after this line of the journal at this position. */
export interface TaxLedgerPlace {
  position: string;
  line: number;
}

const before = (a: TaxLedgerPlace, b: TaxLedgerPlace) => (a.position !== b.position ? a.position < b.position : a.line < b.line);

/**
 * Up to `limit` taxed lines posted from `from` to `to`, after `after` when given, in ledger order
 * (posting date, serial number, journal, line). Each partition key the entries are spread over
 * is read at once for up to `limit` lines in its own order and the answers merged: the first
 * `limit` of the merge are exact, as no key can hold an earlier line than the `limit` it answered.
 */
export async function taxLedgerRows(companyId: string, range: { from: string; to: string }, after: TaxLedgerPlace | undefined, limit: number): Promise<TaxLedgerRow[]> {
  const answers = await Promise.all(ledgerKeys.taxPartitions(companyId).map((pk) => rowsUnder(pk, range, after, limit)));
  return answers
    .flat()
    .sort((a, b) => (before(a, b) ? -1 : 1))
    .slice(0, limit);
}

async function rowsUnder(pk: string, range: { from: string; to: string }, after: TaxLedgerPlace | undefined, limit: number): Promise<TaxLedgerRow[]> {
  const bounds = ledgerKeys.taxRange(range.from, range.to);
  const prefix = ledgerKeys.taxPrefix();
  const start = after && after.position >= bounds.from.slice(prefix.length) ? `${prefix}${after.position}` : bounds.from;
  const rows: TaxLedgerRow[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await db().send(new QueryCommand({ TableName: config.tableName, ...withRange(pk, { from: start, to: bounds.to }), ExclusiveStartKey: startKey, ConsistentRead: true, Limit: limit + 1 }));
    for (const item of result.Items ?? []) for (const row of taxRowsOfItem(item)) if (!after || before(after, row)) rows.push(row);
    startKey = result.LastEvaluatedKey;
  } while (startKey && rows.length < limit);
  return rows.slice(0, limit);
}

/**
 * Tax ledger entries a read of one partition key asks for. An entry holds a journal's taxed
 * lines (up to about 330 KB for 1,000 of them; a few hundred bytes for an invoice of a few), and a
 * read answers at most 1 MB whatever it asks for: with each key holding the page merged and the
 * one read ahead, the stream holds at most 16 MB of entries, and far less for common invoices.
 */
const STREAM_READ_ITEMS = 100;

type TaxPage = { rows: TaxLedgerRow[]; next: Record<string, unknown> | undefined };
type TaxSource = { pk: string; rows: TaxLedgerRow[]; at: number; ahead: Promise<TaxPage> | undefined };

/**
 * Every taxed line posted from `from` to `to`, in ledger order (posting date, serial number,
 * journal, line), read as the consumer pulls them: each of the partition keys the entries are
 * spread over read page after page (the next page asked for as soon as one arrives, so reads
 * overlap the consumer's work) and merged with a heap, as mergedLedgerLines merges the accounts'
 * ledgers. Each entry is read once; no more than two pages per key are held. Leaving the walk
 * early stops at the pages already asked for.
 */
export async function* taxLedgerStream(companyId: string, range: { from: string; to: string }, readItems = STREAM_READ_ITEMS): AsyncGenerator<TaxLedgerRow> {
  const bounds = ledgerKeys.taxRange(range.from, range.to);
  const readPage = (pk: string, startKey: Record<string, unknown> | undefined): Promise<TaxPage> => {
    const page = (async () => {
      const result = await db().send(new QueryCommand({ TableName: config.tableName, ...withRange(pk, bounds), ExclusiveStartKey: startKey, ConsistentRead: true, Limit: pacedLimit(readItems) }));
      return { rows: (result.Items ?? []).flatMap(taxRowsOfItem), next: result.LastEvaluatedKey };
    })();
    // A read ahead that fails after the walk was left must not be an unhandled rejection; awaiting it still throws.
    page.catch(() => undefined);
    return page;
  };
  // A source whose rows are used up takes the page read ahead, and asks for the one after it.
  const refill = async (source: TaxSource) => {
    while (source.at >= source.rows.length && source.ahead) {
      const page = await source.ahead;
      source.rows = page.rows;
      source.at = 0;
      source.ahead = page.next ? readPage(source.pk, page.next) : undefined;
    }
  };
  const sources: TaxSource[] = ledgerKeys.taxPartitions(companyId).map((pk) => ({ pk, rows: [], at: 0, ahead: readPage(pk, undefined) }));
  await Promise.all(sources.map(refill));
  const heap = new MinHeap<TaxSource>((a, b) => before(a.rows[a.at]!, b.rows[b.at]!));
  for (const source of sources) if (source.at < source.rows.length) heap.push(source);
  for (let first = heap.peek(); first; first = heap.peek()) {
    yield first.rows[first.at++]!;
    await refill(first);
    if (first.at < first.rows.length) heap.sinkFirst();
    else heap.pop();
  }
}

/** The rows of one tax ledger entry, in its lines' order. */
function taxRowsOfItem(item: Record<string, unknown>): TaxLedgerRow[] {
  const position = (item.sk as string).slice(ledgerKeys.taxPrefix().length);
  return (item.lines as TaxLedgerLine[]).map((line) => ({
    ...line,
    position,
    journalId: item.journalId as string,
    serialNumber: Number(item.serialNumber),
    date: item.date as string,
    postingDate: item.postingDate as string,
    description: (item.description as string | undefined) ?? null,
    reference: (item.reference as string | undefined) ?? null,
  }));
}
