import { gunzipSync, gzipSync } from 'node:zlib';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { BookChange, PeriodState } from '../../audit/book-changes.ts';
import { config } from '../../config.ts';
import type { Line } from '../../journals/rules.ts';
import type { Span } from '../../audit/book-summaries.ts';
import { batchGetItems } from '../table/batch-get.ts';
import { db } from '../table/client.ts';
import { knownKeys } from '../table/keys.ts';
import * as keys from '../table/keys.ts';
import { withRange } from '../table/prefix-query.ts';
import { getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * The record reports "as known at" a moment read (docs/decisions.md, Audit): one item per book
 * change, by the instant it committed, and one per period state change, by period; both written
 * by the sequencer in the transaction that numbers their events (never in the write path) and
 * kept for good (no `purgeAt`). A change's lines are kept as JSON text, or gzip-compressed when
 * long, so a closing journal of 2,500 lines stays far below an item's 400 KB.
 */
const FIELDS = ['occurredAt', 'sequence', 'type', 'effect', 'journalId', 'serialNumber', 'date', 'postingDate', 'financialYearId', 'periodId', 'description', 'reference', 'closing'] as const;

/** Lines kept as plain JSON text up to this length (a report reads them by the thousand: no unzipping), compressed beyond. */
const PLAIN_LINES = 2_000;

/** The item of a book change (`index`: its place among its event's changes). */
export function bookChangeOp(companyId: string, change: BookChange, index: number): WriteOp {
  const { lines, ...fields } = change;
  const text = JSON.stringify(lines);
  const kept = text.length <= PLAIN_LINES ? { linesJson: text } : { linesGz: gzipSync(text) };
  return mainTable.put({ ...knownKeys.bookChange(companyId, change.occurredAt, change.sequence, index), entity: 'BookChange', ...fields, lineCount: lines.length, ...kept });
}

function changeFromItem(item: Item): BookChange {
  const text = typeof item.linesJson === 'string' ? item.linesJson : gunzipSync(item.linesGz as Uint8Array).toString('utf8');
  return { ...recordOf<Omit<BookChange, 'lines'>>(item, FIELDS), lines: JSON.parse(text) as Line[] };
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

/** A book change read with its sort key (the instant it committed, its event's number, its place among the event's changes). */
type KeyedChange = BookChange & { key: string };

/**
 * The changes within sort-key bounds `range`, from every key they are spread over
 * (knownKeys.bookChangePartitions), read side by side page by page and merged in key order
 * (strongly consistent); all reads end once their lines pass `maxLines` (TooManyLines).
 */
async function changesWithin(companyId: string, range: { from: string; to: string }, maxLines = Infinity): Promise<KeyedChange[]> {
  let lines = 0;
  const found: KeyedChange[] = [];
  await Promise.all(
    knownKeys.bookChangePartitions(companyId).map(async (pk) => {
      let startKey: Record<string, unknown> | undefined;
      do {
        const result = await db().send(new QueryCommand({ TableName: config.tableName, ...withRange(pk, range), ConsistentRead: true, ExclusiveStartKey: startKey }));
        for (const item of result.Items ?? []) {
          lines += Number(item.lineCount);
          if (lines > maxLines) throw new TooManyLines(maxLines);
          found.push({ ...changeFromItem(item), key: String(item.sk) });
        }
        startKey = result.LastEvaluatedKey;
        // Another key's reads passing the limit end this one's too.
      } while (startKey && lines <= maxLines);
      if (lines > maxLines) throw new TooManyLines(maxLines);
    }),
  );
  return found.sort(byKey);
}

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
const withoutKey = ({ key: _key, ...change }: KeyedChange): BookChange => change;

/**
 * The changes committed after `instant` (through `upTo` when given), oldest first (strongly
 * consistent), until their lines pass `maxLines` (TooManyLines).
 */
export async function bookChangesAfter(companyId: string, instant: string, maxLines: number, upTo?: string): Promise<BookChange[]> {
  return (await changesWithin(companyId, knownKeys.bookChangesAfter(instant, upTo), maxLines)).map(withoutKey);
}

/** The changes of a stretch of numbered events (audit/book-summaries.ts), oldest first (strongly consistent): those committed within its instants, numbered within it. */
export async function bookChangesOfSpan(companyId: string, span: Span): Promise<BookChange[]> {
  if (span.minOccurredAt === null || span.maxOccurredAt === null) return [];
  const within = await changesWithin(companyId, knownKeys.bookChangesBetween(span.minOccurredAt, span.maxOccurredAt));
  // By number: a stable sort keeps an event's changes in their order.
  return within.filter((c) => c.sequence >= span.fromSequence && c.sequence <= span.toSequence).map(withoutKey).sort((a, b) => a.sequence - b.sequence);
}

/** Book changes by their keys (strongly consistent), in the order of their keys. */
export async function bookChangesAt(companyId: string, at: ReadonlyArray<{ occurredAt: string; sequence: number; index: number }>): Promise<BookChange[]> {
  if (at.length === 0) return [];
  const items = await batchGetItems(at.map((c) => knownKeys.bookChange(companyId, c.occurredAt, c.sequence, c.index)), { consistent: true });
  return items.sort((a, b) => (String(a.sk) < String(b.sk) ? -1 : 1)).map(changeFromItem);
}

/**
 * A page of the changes committed after `instant`: the first `limit` in key order after
 * `startAfter` (a sort key), and where the next page starts. Each key the changes are spread
 * over gives its first `limit`; one that stopped short with more to come (DynamoDB's 1 MB a
 * response) holds the page back to where it stopped, so every change up to there is known and
 * none is skipped: the merge's first `limit` up to that point are the page exactly.
 */
export async function bookChangesPage(companyId: string, instant: string, startAfter: string | undefined, limit: number): Promise<{ changes: KeyedChange[]; last: string | undefined }> {
  let horizon: string | undefined;
  const found: KeyedChange[] = [];
  await Promise.all(
    knownKeys.bookChangePartitions(companyId).map(async (pk) => {
      const result = await db().send(
        new QueryCommand({
          TableName: config.tableName,
          ...withRange(pk, knownKeys.bookChangesAfter(instant)),
          ConsistentRead: true,
          Limit: limit,
          ...(startAfter ? { ExclusiveStartKey: { pk, sk: startAfter } } : {}),
        }),
      );
      found.push(...(result.Items ?? []).map((item) => ({ ...changeFromItem(item), key: String(item.sk) })));
      const stoppedAt = result.LastEvaluatedKey ? String(result.LastEvaluatedKey.sk) : undefined;
      if (stoppedAt !== undefined && (horizon === undefined || stoppedAt < horizon)) horizon = stoppedAt;
    }),
  );
  const known = horizon === undefined ? found : found.filter((change) => change.key <= horizon!);
  const changes = known.sort(byKey).slice(0, limit);
  return { changes, last: horizon !== undefined || known.length > limit ? changes.at(-1)?.key : undefined };
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
