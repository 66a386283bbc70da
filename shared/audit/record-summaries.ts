import { bookChangesOfSpan } from '../db/book-change-store.ts';
import { blockOp, latestBookChangeAt, openSpanOp } from '../db/book-summary-store.ts';
import type { WriteOp } from '../db/transact.ts';
import { config } from '../config.ts';
import type { BookChange } from './book-changes.ts';
import { emptySpan, extend, sealBlocks, type Span } from './book-summaries.ts';

/**
 * What a numbering batch adds to the summaries of the book changes (audit/book-summaries.ts), as
 * items of its transaction: the open stretch moved on and the blocks it seals. The company's
 * first numbering opens the first stretch, from event 1; a company whose changes were recorded
 * before summaries were kept opens one with its first change after, and reports as known at a
 * moment before that read its older changes one by one (known-at.ts). Reads the open stretch's
 * own changes only when a block is sealed. `open`: the open stretch as read with the head.
 */
export async function summaryOps(companyId: string, open: Span | undefined, numbered: { first: number; last: number }, changes: readonly BookChange[]): Promise<WriteOp[]> {
  if (changes.length === 0 && (open || numbered.first !== 1)) return [];
  const start = open ?? emptySpan(numbered.first, numbered.first === 1 ? null : await latestBookChangeAt(companyId));
  const lines = changes.reduce((n, c) => n + c.lines.length, 0);
  if (start.lines + lines < config.bookSummaryLines) {
    return [openSpanOp(companyId, { ...changes.reduce(extend, start), toSequence: numbered.last }, open)];
  }
  const sealing = sealBlocks({ span: start, changes: await bookChangesOfSpan(companyId, start) }, changes, numbered.last, config.bookSummaryLines);
  return [openSpanOp(companyId, sealing.open, open), ...sealing.sealed.map((block) => blockOp(companyId, block))];
}
