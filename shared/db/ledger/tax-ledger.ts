import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import type { TaxLedgerRow } from '../../journals/ledger-entries.ts';
import type { TaxLedgerLine } from '../../journals/rules.ts';
import { db } from '../table/client.ts';
import { ledgerKeys } from '../table/keys.ts';
import { withRange } from '../table/prefix-query.ts';
import { mergedQueryAll } from '../table/merged-query-stream.ts';

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

/**
 * Every taxed line posted from `from` to `to`, in ledger order (posting date, serial number,
 * journal, line), read as the consumer pulls them: the entries of every partition key merged by
 * sort key (table/merged-query-stream.ts), each read once, two pages per key held at most.
 */
export async function* taxLedgerStream(companyId: string, range: { from: string; to: string }): AsyncGenerator<TaxLedgerRow> {
  const entries = mergedQueryAll({ partitions: ledgerKeys.taxPartitions(companyId), range: ledgerKeys.taxRange(range.from, range.to), readItems: STREAM_READ_ITEMS });
  for await (const item of entries) yield* taxRowsOfItem(item);
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
