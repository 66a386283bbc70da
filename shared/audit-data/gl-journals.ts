import { journalNumberText } from '../audit/entry-numbers.ts';
import { numberPending } from '../events/numbering-rules.ts';
import { TOTAL_GROUP, type AccountSums } from '../balances/records.ts';
import { ValidationError } from '../errors.ts';
import type { JournalRecord } from '../journals/records.ts';
import { balancesAround, balancesThrough } from '../reports/figures.ts';
import { reportContext, type ReportContext } from '../reports/report-context.ts';
import { whileBooksSteady } from '../reports/steady-books.ts';
import { MAX_DATE, MIN_DATE } from '../schemas/dates.ts';
import type { Page, PageBinding } from '../schemas/list-query.ts';
import { fiscalYearLabel, firstJournals, periodLabel, reversalPartner } from './rules.ts';
import type { GlJournalsInput } from './schemas.ts';
import type { GlJournalReads, JournalPlace } from './store.ts';
import { glDetailView, type BooksJournal, type DetailContext, type GlDetail } from './views.ts';

/** Account ledgers read at once. */
const PARALLEL = 16;
/** What a page's journals may weigh as JSON: a Lambda answers at most 6 MB (100 journals of 1,000 lines would be about 25 MB). */
const PAGE_BYTES = 4_000_000;

/**
 * The posted journals whose posting date (the standard's effective date) is in the range, as the
 * AICPA Audit Data API's GLDetail records, a page at a time in ledger order: posting date, serial
 * number, id. A journal voided or adjusted back to draft is not in the books, so not listed; a
 * reversed one is, beside its reversal. Read from the ledgers of the accounts that moved in the
 * range (their balances say which): each ledger from the cursor, the first journals they hold
 * merged (rules.ts firstJournals), then those journals by id (with their entry numbers, the
 * events numbered first: audit/entry-numbers.ts); a page holds what fits in about
 * 4 MB, and may be short of pageSize. Never read while a wide posting runs (steady-books.ts).
 * Errors: ValidationError (InvalidRange, InvalidCursor), BooksInMotion.
 */
export async function glJournals(books: GlJournalReads, companyId: string, query: GlJournalsInput): Promise<Page<GlDetail>> {
  const range = { from: query.startDate ?? MIN_DATE, to: query.endDate ?? MAX_DATE };
  if (range.to < range.from) throw ValidationError.field('endDate', 'must not be before startDate', 'InvalidRange');
  const binding: PageBinding = { companyId, endpoint: 'auditData.journals', orderBy: 'PostingDate', orderAsc: true, filters: { startDate: query.startDate ?? null, endDate: query.endDate ?? null } };
  // Every journal posted before the request has its entry number, the page's journalId.
  await numberPending(books, companyId);
  return whileBooksSteady(books, companyId, async () => {
    const after = query.page ? String((await books.decodePlace(binding, query.page)).position) : undefined;
    const ctx = await reportContext(books, companyId);
    const places = await journalsAfter(books, companyId, await accountsMoved(companyId, ctx, range), range, after, query.pageSize + 1);
    const listed = await detailsOf(books, companyId, ctx, places.slice(0, query.pageSize));
    const last = listed.at(-1)?.place;
    const more = places.length > query.pageSize || listed.length < Math.min(places.length, query.pageSize);
    return {
      currentPage: query.page ?? null,
      results: listed.flatMap((l) => (l.detail ? [l.detail] : [])),
      nextPage: more && last ? await books.encodePlace(binding, { position: last.position }) : null,
    };
  });
}

/**
 * The accounts with a line posted in the range: those whose debits or credits moved in it (a
 * balance keeps its debits and credits apart, and a void takes its lines back off both).
 */
async function accountsMoved(companyId: string, ctx: ReportContext, range: { from: string; to: string }): Promise<string[]> {
  const scope = { kind: 'total' } as const;
  const [before, through] = range.from === MIN_DATE ? [new Map<string, AccountSums>(), await balancesThrough(companyId, ctx, range.to, scope)] : await balancesAround(companyId, ctx, range, scope);
  const opening: AccountSums = before.get(TOTAL_GROUP) ?? new Map();
  const closing: AccountSums = through.get(TOTAL_GROUP) ?? new Map();
  return [...closing].filter(([id, s]) => s.debit !== (opening.get(id)?.debit ?? 0n) || s.credit !== (opening.get(id)?.credit ?? 0n)).map(([id]) => id);
}

/** The first `limit` journals after `after` over the accounts' ledgers, `PARALLEL` accounts at a time. */
async function journalsAfter(books: GlJournalReads, companyId: string, accountIds: string[], range: { from: string; to: string }, after: string | undefined, limit: number): Promise<JournalPlace[]> {
  const runs = [];
  for (let i = 0; i < accountIds.length; i += PARALLEL) {
    const batch = await Promise.all(accountIds.slice(i, i + PARALLEL).map((id) => books.journalPlaces(companyId, id, range, after, limit)));
    runs.push(...batch.flat());
  }
  return firstJournals(runs, limit);
}

/**
 * The places' journals as GLDetail, in order, each with its place; as many as fit in PAGE_BYTES
 * (the first always). A journal no longer at its place (voided, adjusted or posted again on
 * another date since its ledger entry was read) has no detail: the page moves past it.
 */
async function detailsOf(books: GlJournalReads, companyId: string, ctx: ReportContext, places: JournalPlace[]): Promise<Array<{ place: JournalPlace; detail: GlDetail | undefined }>> {
  const journals = new Map((await books.journals(companyId, places.map((p) => p.journalId))).map((j) => [j.id, j]));
  const inBooks = (place: JournalPlace, j: JournalRecord | undefined): j is BooksJournal => (j?.status === 'posted' || j?.status === 'reversed') && j.postingDate === place.postingDate;
  const partners = [...journals.values()].flatMap((j) => reversalPartner(j) ?? []).filter((id) => !journals.has(id));
  const numbers = new Map([...journals.values(), ...(partners.length > 0 ? await books.journals(companyId, partners) : [])].map((j) => [j.id, journalNumberText(j)]));
  const context = detailContext(companyId, ctx, numbers);
  const listed: Array<{ place: JournalPlace; detail: GlDetail | undefined }> = [];
  let bytes = 0;
  for (const place of places) {
    const j = journals.get(place.journalId);
    const detail = inBooks(place, j) ? glDetailView(j, context) : undefined;
    bytes += detail ? JSON.stringify(detail).length : 0;
    if (listed.length > 0 && bytes > PAGE_BYTES) break;
    listed.push({ place, detail });
  }
  return listed;
}

function detailContext(companyId: string, ctx: ReportContext, numbers: ReadonlyMap<string, string>): DetailContext {
  const years = new Map(ctx.years.map((y) => [y.id, fiscalYearLabel(y)]));
  const periods = new Map(ctx.years.flatMap((y) => y.periods.map((p) => [p.id, periodLabel(p)] as const)));
  const known = (label: string | undefined, what: string) => label ?? missing(what);
  return {
    companyId,
    currency: ctx.currency,
    precision: ctx.precision,
    // Posted lines name leaf accounts, which a company cannot delete while lines name them.
    accountNumber: (id) => ctx.chart.get(id)?.path ?? id,
    // A year (and its periods) with postings can be neither deleted nor re-dated.
    fiscalYear: (id) => known(years.get(id), `financial year ${id}`),
    period: (id) => known(periods.get(id), `period ${id}`),
    numberOf: (id) => numbers.get(id),
  };
}

function missing(what: string): never {
  throw new Error(`The books hold a posting into ${what}, which they no longer hold`);
}
