import { ValidationError } from '../errors.ts';
import { totals } from '../journals/rules.ts';
import { taxDeltas } from '../journals/posting-figures.ts';
import { formatTotal } from '../money/amount.ts';
import { toMils } from '../money/mils.ts';
import type { Page, PageBinding } from '../schemas/list-query.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { currentAuditHead } from './audit-head.ts';
import type { BookChange, PeriodState } from './book-changes.ts';
import type { RestatementsInput } from './schemas.ts';
import type { RestatementReads } from './store.ts';
import { rangeHolding, type FiledRange } from '../vat-returns/records.ts';

export type RestatementView = ResponseOf<'RestatementResponse'>;

/** Book changes read per request at most, shown or not: a page's work is bounded whatever the filter keeps. */
const MAX_READ = 1_000;
/** Changes read per query. */
const READ_STEP = 250;

/** The period states whose figures count as issued: a change into such a period restates them. */
const ISSUED: ReadonlySet<PeriodState> = new Set(['locked', 'closed']);

/** The filed VAT return whose range holds the change's posting date, when the change moved VAT figures. */
function filedReturnMoved(change: BookChange, filed: readonly FiledRange[]): FiledRange | undefined {
  const into = rangeHolding(filed, change.postingDate);
  return into && taxDeltas(change.lines, change.effect).length > 0 ? into : undefined;
}

/**
 * The postings, voids, adjusts and reversals (and revaluations) committed after `since` into
 * periods that were closed or locked at `since`, or that moved VAT figures of a range whose return
 * was filed by `since`: the issued figures that changed since (docs/decisions.md, Audit,
 * "Restatements"). Oldest first, in the service's page envelope; a
 * request reads at most 1,000 changes, so a page may be short and its cursor continues where
 * the read stopped. Pending events are numbered first, so every change committed before the
 * request is listed. Errors: ValidationError (`since` before this company's record of changes:
 * BeforeChangeRecord; InvalidCursor).
 */
export async function restatements(books: RestatementReads, companyId: string, query: RestatementsInput): Promise<Page<RestatementView>> {
  const since = new Date(query.since).toISOString();
  // The record's start is read once pending events are numbered (a new company's first changes may still be pending).
  const [, settings, ranges] = await Promise.all([currentAuditHead(books, companyId), books.settings(companyId), books.filedRanges(companyId)]);
  const filed = ranges.filter((r) => r.filedAt <= since);
  const from = await books.keptFrom(companyId);
  if (!from || (since < from.occurredAt && from.sequence !== 1)) {
    throw ValidationError.field('since', `must be at or after ${from?.occurredAt ?? new Date().toISOString()}, when the record of this company's changes to its books begins`, 'BeforeChangeRecord');
  }
  const binding: PageBinding = { companyId, endpoint: 'reports.restatements', orderBy: 'OccurredAt', orderAsc: true, filters: { since } };
  let startAfter = query.page ? String((await books.readCursor(binding, query.page)).after) : undefined;

  const states = new Map<string, Promise<PeriodState | undefined>>();
  const stateOf = (periodId: string) => states.get(periodId) ?? states.set(periodId, books.periodStateAt(companyId, periodId, since)).get(periodId)!;
  const found: Array<{ view: RestatementView; key: string }> = [];
  let read = 0;
  let more = true;
  while (more && found.length <= query.pageSize && read < MAX_READ) {
    const page = await books.changesPage(companyId, since, startAfter, Math.min(READ_STEP, MAX_READ - read));
    read += page.changes.length;
    const periodStates = await Promise.all(page.changes.map((c) => stateOf(c.periodId)));
    page.changes.forEach((change, i) => {
      const status = periodStates[i] ?? 'open';
      const vatReturn = filedReturnMoved(change, filed);
      if (ISSUED.has(status) || vatReturn) found.push({ view: viewOf(change, status, vatReturn?.returnId ?? null, settings?.decimalPrecision ?? 2), key: change.key });
    });
    startAfter = page.last;
    more = page.last !== undefined;
  }
  const results = found.slice(0, query.pageSize);
  // The next page starts after the last change shown, or after the last one read when the read budget ran out first.
  const resumeAfter = found.length > query.pageSize ? results.at(-1)!.key : more ? startAfter : undefined;
  return { currentPage: query.page ?? null, results: results.map((r) => r.view), nextPage: resumeAfter === undefined ? null : await books.signCursor(binding, { after: resumeAfter }) };
}

function viewOf(change: BookChange, periodStatus: PeriodState, vatReturnId: string | null, precision: number): RestatementView {
  const sums = totals(change.lines);
  return {
    journalId: change.journalId,
    serialNumber: change.serialNumber,
    type: change.type,
    effect: change.effect === 1 ? 'added' : 'takenBack',
    occurredAt: change.occurredAt,
    sequence: change.sequence,
    postingDate: change.postingDate,
    financialYearId: change.financialYearId,
    periodId: change.periodId,
    periodStatus,
    vatReturnId,
    debit: formatTotal(toMils(sums.debit), precision),
    credit: formatTotal(toMils(sums.credit), precision),
  };
}
