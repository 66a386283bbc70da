import { config } from '../config.ts';
import { BOOK_CHANGE_TYPES, type BookChange } from './book-changes.ts';
import { emptySpan, extend, sealBlocks, SUMMARY_FORM, type Span } from './book-summaries.ts';
import type { Change } from '../unit-of-work.ts';
import type { SummaryRecording } from './recording-store.ts';

/**
 * What a numbering batch adds to the summaries of the book changes (audit/book-summaries.ts), as
 * items of its transaction: the open stretch moved on to the batch's last event (every batch,
 * with changes or not) and the blocks it seals. The company's first numbering opens the first
 * stretch, from event 1. A stretch opens anew after events numbered without summaries that moved
 * the books: a company whose changes were recorded before summaries were kept, or events
 * numbered meanwhile by a version of the service from before them (the open stretch then does
 * not end just before the batch: it goes on over such events that moved nothing), or an open
 * stretch whose changes read back are not what it counts. Readers find the hole (stretches that
 * do not follow one another) and read the changes one by one (known-at.ts).
 * Reads the open stretch's own changes only when a block is sealed. `open`: as read with the head.
 */
export async function summaryOps(books: SummaryRecording, companyId: string, open: Span | undefined, numbered: { first: number; last: number }, changes: readonly BookChange[]): Promise<Change[]> {
  if (!open && changes.length === 0 && numbered.first !== 1) return [];
  const anew = async () => emptySpan(numbered.first, numbered.first === 1 ? null : await books.latestBookChangeAt(companyId));
  const start = open && (await followsOn(books, companyId, open, numbered.first)) ? { ...open, toSequence: numbered.first - 1 } : await anew();
  const lines = changes.reduce((n, c) => n + c.lines.length, 0);
  if (start.lines + lines < config.bookSummaryLines) {
    return [books.openSpanChange(companyId, { ...changes.reduce(extend, start), toSequence: numbered.last }, open, SUMMARY_FORM)];
  }
  const own = await books.changesOfSpan(companyId, start);
  const counted = own.length === start.changes && own.reduce((n, c) => n + c.lines.length, 0) === start.lines;
  const sealing = counted ? sealBlocks({ span: start, changes: own }, changes, numbered.last, config.bookSummaryLines) : sealBlocks({ span: await anew(), changes: [] }, changes, numbered.last, config.bookSummaryLines);
  return [books.openSpanChange(companyId, sealing.open, open, SUMMARY_FORM), ...sealing.sealed.map((block) => books.blockChange(companyId, block, SUMMARY_FORM))];
}

/** Events read at most to tell whether the open stretch goes on over events numbered without summaries. */
const GAP_READ = 1000;

/** Whether the open stretch goes on to the batch's first event: nothing numbered since it ended, or only events that moved nothing (every one still kept). */
async function followsOn(books: SummaryRecording, companyId: string, open: Span, first: number): Promise<boolean> {
  const gap = first - 1 - open.toSequence;
  if (gap === 0) return true;
  if (gap < 0 || gap > GAP_READ) return false;
  const events = await books.eventsBetween(companyId, open.toSequence + 1, first - 1);
  return events.length === gap && !events.some((e) => BOOK_CHANGE_TYPES[e.type]);
}
