import { ValidationError } from '../errors.ts';
import type { BooksKnownAt } from '../audit/known-at.ts';
import { journalOfChange } from '../audit/book-changes.ts';
import { ledgerDifference, rowKey } from '../audit/ledger-at.ts';
import { sortsBefore, type LedgerRow } from '../journals/ledger-entries.ts';
import { linesByAccount } from '../journals/rules.ts';
import { knownAtEcho } from '../reports/known-at-echo.ts';
import { knownAtMoment } from '../reports/known-at-moment.ts';
import { whileBooksSteady } from '../reports/steady-books.ts';
import { matchesAt, MATCH_EVENT_TYPES } from './match-changes.ts';
import type { MatchRecord, StatementLineRecord } from './records.ts';
import { checkItems, ledgerItems, LISTED_PERIODS, RECONCILIATION_ITEMS, reconciliationView, type ReconciliationView } from './reconciliation-view.ts';
import { reconcile } from './rules.ts';
import type { BankAccountFacts, ReconciliationKnownAtReads, ReconciliationReport } from './store.ts';

/**
 * The reconciliation as known at a moment (docs/decisions.md, Bank reconciliation, "As known
 * at"), loaded on that rare path only: the items of now less what changed after the moment.
 * - The ledger: the account's lines of now less those of journals posted after it, plus those of
 *   journals voided or adjusted after it (the book changes after it, audit/ledger-at.ts), as the
 *   general ledger does.
 * - The statements: a statement is written whole by its import, so its lines count from its
 *   `createdAt`: the lines of statements written after the moment are left out.
 * - The matches: those of now less the ones made after it, plus the ones undone after it
 *   (match-changes.ts), each line held by the match that held it then.
 * - The periods marked reconciled by then, each compared with the items as they stood.
 * Read while no wide posting runs, and again when a change to the books or a match commits
 * meanwhile (reports/steady-books.ts). A `knownAt` not before the request: now.
 * Errors: ValidationError (TooManyBankLines naming `date`; TooManyChanges and BeforeChangeRecord naming `knownAt`), BooksInMotion.
 */
export async function reconciliationKnownAt(books: ReconciliationReport, companyId: string, accountId: string, bank: BankAccountFacts, date: string, knownAt: string): Promise<ReconciliationView> {
  const past = await books.knownAtReads();
  const moment = knownAtMoment(past, companyId, knownAt, { whole: true, alsoTypes: MATCH_EVENT_TYPES });
  return whileBooksSteady(past, companyId, (known) => readAt(books, past, { companyId, accountId, bank, date, knownAt }, known), { moment });
}

interface Asked {
  companyId: string;
  accountId: string;
  bank: BankAccountFacts;
  date: string;
  knownAt: string;
}

async function readAt(books: ReconciliationReport, past: ReconciliationKnownAtReads, asked: Asked, known: BooksKnownAt | undefined): Promise<ReconciliationView> {
  const { companyId, accountId, bank, date } = asked;
  // Before the company's first change: nothing was there.
  if (known?.empty) return reconciliationView(accountId, bank, date, knownAtEcho(asked.knownAt), { ...reconcile(date, bank.precision, [], [], new Map()), lines: [], ledger: [] }, []);
  const instant = known?.instant;
  const [linesNow, rows, later, changes, marks] = await Promise.all([
    books.linesUpTo(companyId, accountId, date, RECONCILIATION_ITEMS),
    ledgerRowsAt(past, asked, known),
    instant ? past.statementsAfter(companyId, accountId, instant, RECONCILIATION_ITEMS) : [],
    instant ? past.matchChangesAfter(companyId, accountId, instant, RECONCILIATION_ITEMS) : [],
    instant ? past.reconciledPeriods(companyId, accountId, date, LISTED_PERIODS, instant) : books.reconciledPeriods(companyId, accountId, date, LISTED_PERIODS),
  ]);
  checkItems(linesNow, rows);
  if (later.length > RECONCILIATION_ITEMS || changes.length > RECONCILIATION_ITEMS) {
    throw ValidationError.field('knownAt', `more than ${RECONCILIATION_ITEMS} ${later.length > RECONCILIATION_ITEMS ? 'statements were imported into' : 'matches were made or undone in'} this bank account after it, more than a reconciliation takes back: give a later moment`, 'TooManyChanges');
  }
  const written = new Set(later);
  const lines = linesNow.filter((l) => !written.has(l.statementId));
  const matchIds = [...new Set(lines.flatMap((l) => (l.matchId ? [l.matchId] : [])))];
  const now = new Map((await books.matches(companyId, accountId, matchIds)).map((m) => [m.matchId, m]));
  const held = heldAt(lines, matchesAt(now, changes));
  const ledger = ledgerItems(rows, bank);
  const r = reconcile(date, bank.precision, held.lines, ledger, held.matches);
  return reconciliationView(accountId, bank, date, knownAtEcho(asked.knownAt), { ...r, lines: held.lines, ledger }, marks);
}

/** The lines, each with the match holding it at the moment, and those matches (the ones holding a line of the reconciliation). */
function heldAt(lines: readonly StatementLineRecord[], matches: ReadonlyMap<string, MatchRecord>): { lines: StatementLineRecord[]; matches: Map<string, MatchRecord> } {
  const holder = new Map<string, string>();
  for (const m of matches.values()) for (const reference of m.statementLines) holder.set(reference, m.matchId);
  const at = lines.map(({ matchId: _now, ...line }): StatementLineRecord => {
    const matchId = holder.get(line.bankReference);
    return matchId ? { ...line, matchId } : line;
  });
  const ids = new Set(at.flatMap((l) => (l.matchId ? [l.matchId] : [])));
  return { lines: at, matches: new Map([...matches].filter(([id]) => ids.has(id))) };
}

/**
 * The account's ledger lines up to the date as they stood at the moment: those of now less the
 * rows of journals posted after it, plus the rows of journals voided or adjusted after it, in
 * ledger order (more than the report reads: as read, for checkItems to refuse).
 */
async function ledgerRowsAt(past: ReconciliationKnownAtReads, { companyId, accountId, date }: Asked, known: BooksKnownAt | undefined): Promise<LedgerRow[]> {
  const difference = known && ledgerDifference(known.changes, (change) => past.rowsOf(journalOfChange(change), linesByAccount).filter((row) => row.accountId === accountId && row.postingDate <= date));
  const now = await past.ledgerRowsUpTo(companyId, accountId, date, RECONCILIATION_ITEMS, (row) => !difference?.hidden.has(rowKey(row)), sortsBefore);
  if (!difference || now.length > RECONCILIATION_ITEMS) return now;
  return [...now, ...difference.restored].sort((a, b) => (sortsBefore(a, b) ? -1 : 1));
}
