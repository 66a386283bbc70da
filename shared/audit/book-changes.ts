import type { EventType } from '../events/event-types.ts';
import type { LineTax } from '../tax-codes/records.ts';
import type { Line } from '../journals/rules.ts';

/**
 * What a committed change did to the books, pure: a journal's lines added to (`effect` 1) or
 * taken off (-1) the balances and ledgers at one posting. Written once, when the event that
 * records the change is numbered (db/events/sequencer.ts), and kept for good, so a report "as known
 * at" a moment takes back exactly the changes committed after it (docs/decisions.md, Audit).
 */
export interface BookChange {
  /** The event's instant: when the change counts as committed (its `occurredAt`). */
  occurredAt: string;
  sequence: number;
  type: EventType;
  effect: 1 | -1;
  /** The journal whose lines moved (for a reversal, the reversing journal). */
  journalId: string;
  serialNumber: number;
  date: string;
  postingDate: string;
  financialYearId: string;
  periodId: string;
  description: string | null;
  reference: string | null;
  /** A year-end closing journal or its reversal: income statements leave these out. */
  closing: boolean;
  lines: Line[];
}

/** The event types that move balances, and how many change records each makes at most. */
export const BOOK_CHANGE_TYPES: Partial<Record<EventType, number>> = {
  JournalPosted: 1,
  JournalVoided: 1,
  JournalAdjusted: 1,
  JournalReversed: 1,
  RevaluationPosted: 2,
};

/** The event types that change a period's state. */
export const PERIOD_STATE_OF: Partial<Record<EventType, PeriodState>> = { PeriodLocked: 'locked', PeriodClosed: 'closed', PeriodReopened: 'open' };
export type PeriodState = 'open' | 'locked' | 'closed';

/** A journal's line as answered (shared/journals/views.ts), its amounts JSON numbers of at most 15 significant digits. */
interface LineAnswer {
  accountId: string;
  costCenterId: string | null;
  side: 1 | 2;
  amount: number;
  currency: string | null;
  exchangeRate: string;
  baseAmount: number;
  fxRounding?: boolean;
  tax?: TaxAnswer | null;
  taxOf?: number | null;
  counterpartyId?: string | null;
}

/** A taxed line's tax as answered (shared/journals/views.ts). */
interface TaxAnswer {
  taxCode: string;
  taxCodeId: string;
  kind: LineTax['kind'];
  direction: LineTax['direction'];
  percent: string;
  taxAmount: number;
  taxAmountSent: boolean;
  baseBoxes: string[];
  taxBoxes: string[];
  emirate: LineTax['emirate'] | null;
}

/** A journal as its events answer it: the fields a change needs. */
export interface JournalAnswer {
  id: string;
  serialNumber: number;
  date: string;
  description: string | null;
  reference: string | null;
  entries: LineAnswer[];
  status: string;
  postingDate: string | null;
  financialYearId: string | null;
  periodId: string | null;
}

/** A journal's posting as a change needs it (a stored record or an answer). */
export interface PostedLines {
  id: string;
  serialNumber: number;
  date: string;
  description?: string | null | undefined;
  reference?: string | null | undefined;
  postingDate: string;
  financialYearId: string;
  periodId: string;
  entries: Line[];
}

/** A JSON number of at most 15 significant digits, back as its decimal text. */
const decimal = (n: number) => String(n);

/**
 * The lines of a journal answer, as the journal keeps them: `amount` in base; a line in another
 * currency than the base keeps that currency, its amount in it and the rate (line-amounts.ts).
 */
export function linesOfAnswer(answer: JournalAnswer, baseCurrency: string): Line[] {
  return answer.entries.map((e) => ({
    accountId: e.accountId,
    costCenterId: e.costCenterId,
    side: e.side,
    amount: decimal(e.baseAmount),
    ...(e.currency ? { currency: e.currency } : {}),
    ...(e.currency && e.currency !== baseCurrency ? { foreign: { amount: decimal(e.amount), exchangeRate: e.exchangeRate } } : {}),
    ...(e.fxRounding ? { fxRounding: true as const } : {}),
    ...(e.tax ? { tax: lineTaxOfAnswer(e.tax) } : {}),
    ...(typeof e.taxOf === 'number' ? { taxOf: e.taxOf } : {}),
    ...(e.counterpartyId ? { counterpartyId: e.counterpartyId } : {}),
  }));
}

function lineTaxOfAnswer(t: TaxAnswer): LineTax {
  return {
    taxCodeId: t.taxCodeId,
    code: t.taxCode,
    kind: t.kind,
    direction: t.direction,
    percent: t.percent,
    taxAmount: decimal(t.taxAmount),
    baseBoxes: t.baseBoxes,
    taxBoxes: t.taxBoxes,
    ...(t.emirate ? { emirate: t.emirate } : {}),
    ...(t.taxAmountSent ? { taxAmountSent: true as const } : {}),
  };
}

/** A journal answer's posting, or undefined for one never posted (a draft, a discarded draft). */
export function postedOfAnswer(answer: JournalAnswer, baseCurrency: string): PostedLines | undefined {
  if (!answer.postingDate || !answer.periodId || !answer.financialYearId) return undefined;
  return { ...answer, postingDate: answer.postingDate, periodId: answer.periodId, financialYearId: answer.financialYearId, entries: linesOfAnswer(answer, baseCurrency) };
}

/** The change record of a posting added or taken back by an event. */
export function bookChange(event: { occurredAt: string; sequence: number; type: EventType }, effect: 1 | -1, posted: PostedLines, closing: boolean): BookChange {
  return {
    occurredAt: event.occurredAt,
    sequence: event.sequence,
    type: event.type,
    effect,
    journalId: posted.id,
    serialNumber: posted.serialNumber,
    date: posted.date,
    postingDate: posted.postingDate,
    financialYearId: posted.financialYearId,
    periodId: posted.periodId,
    description: posted.description ?? null,
    reference: posted.reference ?? null,
    closing,
    lines: posted.entries,
  };
}

/**
 * What each balance-moving event did (pure), given what numbering read for it:
 * - JournalPosted: its journal's lines added at its posting;
 * - JournalVoided: a posted journal's lines taken off its posting (a discarded draft: nothing);
 * - JournalAdjusted: the lines taken off the posting the journal had before (`before`, its last
 *   recorded state: adjusting leaves a draft without one);
 * - JournalReversed: the reversing journal's lines added at its posting (`journals`: it is final);
 * - RevaluationPosted: the revaluation and its reversal added (`journals`: both final).
 * `closingIds` are the journals that are year-end closing journals or reversals of one.
 */
export function changesOfEvent(
  event: { occurredAt: string; sequence: number; type: EventType; recordId: string; data: Record<string, unknown> | null },
  context: { baseCurrency: string; before?: JournalAnswer | undefined; journals: ReadonlyMap<string, PostedLines>; closingIds: ReadonlySet<string> },
): BookChange[] {
  const answer = event.data as unknown as JournalAnswer | null;
  const closing = (id: string) => context.closingIds.has(id);
  const stored = (id: unknown) => (typeof id === 'string' ? context.journals.get(id) : undefined);
  const of = (posted: PostedLines | undefined, effect: 1 | -1) => (posted ? [bookChange(event, effect, posted, closing(posted.id))] : []);
  switch (event.type) {
    case 'JournalPosted':
      return answer ? of(postedOfAnswer(answer, context.baseCurrency), 1) : [];
    case 'JournalVoided':
      return answer ? of(postedOfAnswer(answer, context.baseCurrency), -1) : [];
    case 'JournalAdjusted':
      return context.before ? of(postedOfAnswer(context.before, context.baseCurrency), -1) : [];
    case 'JournalReversed':
      return of(stored((event.data as { reversedBy?: unknown } | null)?.reversedBy), 1);
    case 'RevaluationPosted': {
      const made = event.data as { journalId?: unknown; reversalId?: unknown; dryRun?: unknown } | null;
      if (!made || made.dryRun) return [];
      return [...of(stored(made.journalId), 1), ...of(stored(made.reversalId), 1)];
    }
    default:
      return [];
  }
}

/** Journals numbering reads for an event: a reversal's reversing journal, a revaluation's pair, and the event's own (is it a closing journal?). */
export function journalsNamedBy(event: { type: EventType; recordId: string; data: Record<string, unknown> | null }): string[] {
  const data = event.data as { reversedBy?: unknown; journalId?: unknown; reversalId?: unknown } | null;
  const ids = event.type === 'RevaluationPosted' ? [data?.journalId, data?.reversalId] : [event.recordId, event.type === 'JournalReversed' ? data?.reversedBy : undefined];
  return ids.filter((id): id is string => typeof id === 'string');
}

/** A change's journal as its ledger entries hold it (db/ledger/ledger-store.ts ledgerRowsOf). */
export function journalOfChange(change: BookChange) {
  return { id: change.journalId, serialNumber: change.serialNumber, date: change.date, postingDate: change.postingDate, description: change.description ?? undefined, reference: change.reference ?? undefined, entries: change.lines };
}
