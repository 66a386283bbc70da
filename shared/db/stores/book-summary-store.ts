import { gunzipSync, gzipSync } from 'node:zlib';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Block, Span, SummaryForm } from '../../audit/book-summaries.ts';
import type { StoredSpan } from '../../audit/records.ts';
import { config } from '../../config.ts';
import { db } from '../table/client.ts';
import { SequenceMoved } from '../events/event-store.ts';
import { knownKeys } from '../table/keys.ts';
import * as keys from '../table/keys.ts';
import { firstOfEach, withRange } from '../table/prefix-query.ts';
import { conditions, mainTable } from '../table/table-ops.ts';
import { spanOf } from './open-span.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * The summaries of a company's book changes (audit/book-summaries.ts): sealed blocks, by the
 * number of their last event, each with what its changes did to the balances (gzip JSON), and
 * the stretch still open (its place only: its changes are read one by one). Written by the
 * numbering transaction with the changes themselves, and kept for good like them, in the form
 * their use cases hand in (audit/book-summaries.ts SummaryForm).
 */
const spanAttributes = (span: Span, form: SummaryForm) => ({ ...span, maxSoFar: form.maxSoFar(span) });

/** The open stretch as it now stands, written only if it still is as `read` (another numbering that moved it cancels this one). */
export function openSpanOp(companyId: string, span: Span, read: Span | undefined, form: SummaryForm): WriteOp {
  return mainTable.put(
    { ...knownKeys.openBookSummary(companyId), entity: 'BookSummaryOpen', ...spanAttributes(span, form) },
    { condition: read ? { expression: 'toSequence = :read', values: { ':read': read.toSequence } } : conditions.absent, onConditionFailed: () => new SequenceMoved() },
  );
}

/** A sealed block's item. */
export function blockOp(companyId: string, block: Block, form: SummaryForm): WriteOp {
  return mainTable.put(
    { ...knownKeys.bookSummary(companyId, block.span.toSequence), entity: 'BookSummary', ...spanAttributes(block.span, form), closingChanges: block.closingChanges, movesGz: gzipSync(form.movesToJson(block.moves)) },
    { condition: conditions.absent, onConditionFailed: () => new SequenceMoved() },
  );
}

/** The instant of the company's latest book change (strongly consistent), or null before any: the latest of the last of each key they are spread over. */
export async function latestBookChangeAt(companyId: string): Promise<string | null> {
  const lasts = await firstOfEach(knownKeys.bookChangePartitions(companyId), knownKeys.bookChanges(), { attributes: ['occurredAt'], descending: true });
  return lasts.map((item) => String(item.occurredAt)).reduce<string | null>((latest, at) => (latest === null || at > latest ? at : latest), null);
}

/** Raised when more blocks than a report reads reach past its moment. */
export class TooManyBlocks extends Error {}

/**
 * The stretches holding a change committed after `instant`, newest first (strongly consistent):
 * read back from the open one until a block whose changes, and all before it, committed at or
 * before `instant`. `complete` is false when some changes are in no stretch read: the walk ran
 * past the first stretch kept (a company whose changes were recorded before it kept summaries),
 * or found a hole between two stretches, or an open stretch ending before `numberedThrough`
 * (events numbered without summaries meanwhile).
 * Errors: TooManyBlocks past `maxBlocks`.
 */
export async function spansAfter(companyId: string, instant: string, maxBlocks: number, numberedThrough: number, form: SummaryForm): Promise<{ spans: StoredSpan[]; complete: boolean }> {
  const pk = keys.company(companyId).pk;
  const spans: StoredSpan[] = [];
  let startKey: Record<string, unknown> | undefined;
  // A moment near now needs the open stretch and a block or two: pages start small (a block is some tens of KB) and grow.
  let limit = 2;
  do {
    const result = await db().send(
      new QueryCommand({ TableName: config.tableName, ...withRange(pk, knownKeys.bookSummaries()), ConsistentRead: true, ScanIndexForward: false, Limit: limit, ExclusiveStartKey: startKey }),
    );
    limit = Math.min(limit * 4, 64);
    for (const item of result.Items ?? []) {
      const span = spanOf(item);
      const newer = spans.at(-1)?.span;
      // The open stretch reaches the last event numbered (every numbering moves it on), and each block ends where the next begins.
      if (newer ? span.toSequence !== newer.fromSequence - 1 : item.entity !== 'BookSummaryOpen' || span.toSequence < numberedThrough) return { spans, complete: false };
      const latest = form.maxSoFar(span);
      if (latest === null || latest <= instant) return { spans, complete: true };
      if (spans.length >= maxBlocks) throw new TooManyBlocks();
      const sealed = item.entity === 'BookSummary';
      spans.push({ span, sealed, moves: () => (sealed ? form.movesFromJson(gunzipSync(item.movesGz as Uint8Array).toString('utf8')) : new Map()), closingChanges: (item.closingChanges as Block['closingChanges']) ?? [] });
    }
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return { spans, complete: spans.at(-1)?.span.fromSequence === 1 };
}
