import { gunzipSync, gzipSync } from 'node:zlib';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { BookChange, PeriodState } from '../audit/book-changes.ts';
import { config } from '../config.ts';
import type { Line } from '../journals/rules.ts';
import { db } from './client.ts';
import { keys, knownKeys } from './keys.ts';
import { withRange } from './prefix-query.ts';
import { getItem, mainTable, recordOf, type Item } from './table-ops.ts';
import type { WriteOp } from './transact.ts';

/**
 * The record reports "as known at" a moment read (docs/decisions.md, Audit): one item per book
 * change, by the instant it committed, and one per period state change, by period; both written
 * by the sequencer in the transaction that numbers their events (never in the write path) and
 * kept for good (no `purgeAt`). A change's lines are kept as gzip-compressed JSON, so a closing
 * journal of 2,500 lines stays far below an item's 400 KB.
 */
const FIELDS = ['occurredAt', 'sequence', 'type', 'effect', 'journalId', 'serialNumber', 'date', 'postingDate', 'financialYearId', 'periodId', 'description', 'reference', 'closing'] as const;

/** The item of a book change (`index`: its place among its event's changes). */
export function bookChangeOp(companyId: string, change: BookChange, index: number): WriteOp {
  const { lines, ...fields } = change;
  return mainTable.put({ ...knownKeys.bookChange(companyId, change.occurredAt, change.sequence, index), entity: 'BookChange', ...fields, lineCount: lines.length, linesGz: gzipSync(JSON.stringify(lines)) });
}

function changeFromItem(item: Item): BookChange {
  return { ...recordOf<Omit<BookChange, 'lines'>>(item, FIELDS), lines: JSON.parse(gunzipSync(item.linesGz as Uint8Array).toString('utf8')) as Line[] };
}

/** The item of a period's state from its event's instant on. */
export function periodStateOp(companyId: string, change: { periodId: string; state: PeriodState; occurredAt: string; sequence: number }): WriteOp {
  return mainTable.put({ ...knownKeys.periodState(companyId, change.periodId, change.occurredAt, change.sequence), entity: 'PeriodState', ...change });
}

/** Raised by a read of changes that met its limit of lines. */
export class TooManyLines extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} lines`);
  }
}

/**
 * The changes committed after `instant`, oldest first (strongly consistent), read page by page
 * until their lines pass `maxLines` (TooManyLines).
 */
export async function bookChangesAfter(companyId: string, instant: string, maxLines: number): Promise<BookChange[]> {
  const changes: BookChange[] = [];
  let lines = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await db().send(new QueryCommand({ TableName: config.tableName, ...withRange(keys.company(companyId).pk, knownKeys.bookChangesAfter(instant)), ConsistentRead: true, ExclusiveStartKey: startKey }));
    for (const item of result.Items ?? []) {
      lines += Number(item.lineCount);
      if (lines > maxLines) throw new TooManyLines(maxLines);
      changes.push(changeFromItem(item));
    }
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return changes;
}

/** A page of the changes committed after `instant`: at most `limit` items read after `startAfter` (a sort key), and where the next page starts. */
export async function bookChangesPage(companyId: string, instant: string, startAfter: string | undefined, limit: number): Promise<{ changes: Array<BookChange & { key: string }>; last: string | undefined }> {
  const pk = keys.company(companyId).pk;
  const result = await db().send(
    new QueryCommand({
      TableName: config.tableName,
      ...withRange(pk, knownKeys.bookChangesAfter(instant)),
      ConsistentRead: true,
      Limit: limit,
      ...(startAfter ? { ExclusiveStartKey: { pk, sk: startAfter } } : {}),
    }),
  );
  return { changes: (result.Items ?? []).map((item) => ({ ...changeFromItem(item), key: String(item.sk) })), last: result.LastEvaluatedKey ? String(result.LastEvaluatedKey.sk) : undefined };
}

/** A period's state at `instant`: the last one recorded at or before it, or undefined when none was (the period was open, or its changes predate the record). */
export async function periodStateAt(companyId: string, periodId: string, instant: string): Promise<PeriodState | undefined> {
  const { Items } = await db().send(
    new QueryCommand({ TableName: config.tableName, ...withRange(keys.company(companyId).pk, knownKeys.periodStatesThrough(periodId, instant)), ConsistentRead: true, ScanIndexForward: false, Limit: 1 }),
  );
  return Items?.[0]?.state as PeriodState | undefined;
}

/** Where the company's record of book changes starts: the first event numbered with it (its number and instant), or undefined before any was. */
export async function bookChangesKeptFrom(companyId: string): Promise<{ sequence: number; occurredAt: string } | undefined> {
  const item = await getItem(keys.eventSequence(companyId), { consistent: true });
  const from = item?.changesFrom as { sequence?: unknown; occurredAt?: unknown } | undefined;
  return from && typeof from.occurredAt === 'string' ? { sequence: Number(from.sequence), occurredAt: from.occurredAt } : undefined;
}
