import type { AppError } from '../errors.ts';
import type { Change, RecoveryUnits } from '../unit-of-work.ts';
import type { JournalRecord } from '../journals/records.ts';
import type { DraftCreating, PostingBooks, PostingPeriodRule } from '../journals/store.ts';
import type { Line, linesByAccount } from '../journals/rules.ts';
import type { MatchingRule } from './auto-match.ts';
import type { EventRecord } from '../events/event-record.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { MatchRecord, ReconciledPeriodRecord, StatementChain, StatementLineRecord, StatementRecord } from './records.ts';
import type { LedgerItem } from './rules.ts';
import type { MatchChange } from './match-changes.ts';
import type { LedgerJournal, LedgerOrder, LedgerRow } from '../journals/ledger-entries.ts';
import type { BooksMotion, KnownAtLoading } from '../reports/store.ts';

/**
 * What bank reconciliation needs of the place its records are kept, one port per use case;
 * shared/db implements them.
 */

/** A bank account as reconciliation reads it: its IBAN, currency, and the decimals amounts in that currency have in the books. */
export interface BankAccountFacts {
  iban: string;
  currency: string;
  precision: number;
  /** Its own matching rules; absent: the default ones (auto-match.ts). */
  matchingRules?: MatchingRule[] | undefined;
}

/** What a statement import reads and writes (statement-import.ts). */
export interface StatementImporting {
  /** The bank account on this account, or undefined when there is none. */
  bankAccount(companyId: string, accountId: string): Promise<BankAccountFacts | undefined>;
  statementChain(companyId: string, accountId: string): Promise<StatementChain>;
  /** Of these statement ids, those the account has, each with the import that wrote it and its place in the chain. */
  statementsThere(companyId: string, accountId: string, statementIds: readonly string[]): Promise<Map<string, { importId: string; sequence: number }>>;
  /** Of these bank references, those the account has a line of, each with the import that wrote it. */
  linesThere(companyId: string, accountId: string, bankReferences: readonly string[]): Promise<Map<string, string>>;
  /** A line written new; `ifWritten` the error when it is there already. */
  newLineChange(line: StatementLineRecord, ifWritten: () => AppError): Change;
  /** The statement written new, and the account's chain moved on to it (at the count it had). Errors at commit: VersionConflict. */
  statementChanges(statement: StatementRecord): Change[];
}

/** What matching reads and writes (matches.ts). */
export interface Matching {
  bankAccount(companyId: string, accountId: string): Promise<BankAccountFacts | undefined>;
  /** The account's lines with these bank references that exist (strongly consistent). */
  lines(companyId: string, accountId: string, bankReferences: readonly string[]): Promise<StatementLineRecord[]>;
  /** Journals by id, with their lines, status and posting date (strongly consistent). */
  journals(companyId: string, journalIds: readonly string[]): Promise<Array<{ id: string; status: string; postingDate?: string | undefined; entries: Line[] }>>;
  match(companyId: string, accountId: string, matchId: string): Promise<MatchRecord | undefined>;
  /**
   * The match written, each statement line taken (unless another match holds it) and each ledger
   * line claimed (unless another match claims it): else `taken`, naming what another holds.
   */
  matchChanges(match: MatchRecord, taken: () => AppError): Change[];
  /** The match undone at its version: its lines freed, its claims dropped. Errors at commit: VersionConflict. */
  unmatchChanges(match: MatchRecord): Change[];
  /** What posting a difference takes, loaded on the path that posts one. */
  journaling(): Promise<LineJournaling>;
}

/** A ledger line of the bank account as the ledger keeps it: its journal's fields, its side and amounts. */
export interface LedgerLineRead extends Omit<LedgerItem, 'amount'>, Pick<Line, 'side' | 'amount' | 'currency' | 'foreign'> {}

/** What the reconciliation report reads (reconciliation.ts). */
export interface ReconciliationReads {
  bankAccount(companyId: string, accountId: string): Promise<BankAccountFacts | undefined>;
  /** The account's statement lines booked on or before `date`, at most `limit + 1`. */
  linesUpTo(companyId: string, accountId: string, date: string, limit: number): Promise<StatementLineRecord[]>;
  /** The account's ledger lines posted on or before `date`, as the ledger keeps them (in its order, `before`: ledger-entries.ts sortsBefore), at most `limit + 1`. */
  ledgerUpTo(companyId: string, accountId: string, date: string, limit: number, before: LedgerOrder): Promise<LedgerLineRead[]>;
  matches(companyId: string, accountId: string, matchIds: readonly string[]): Promise<MatchRecord[]>;
  /** The periods marked reconciled on or before `date`, the latest first, at most `limit`. */
  reconciledPeriods(companyId: string, accountId: string, date: string, limit: number): Promise<ReconciledPeriodRecord[]>;
}

/** The reconciliation report (reconciliation.ts): its reads, and those as known at a moment, loaded on that rare path only. */
export interface ReconciliationReport extends ReconciliationReads {
  knownAtReads(): Promise<ReconciliationKnownAtReads>;
}

/** What the reconciliation as known at a moment reads besides (known-at.ts): the books' changes since, the statements written and the matches made or undone since. */
export interface ReconciliationKnownAtReads extends BooksMotion, KnownAtLoading {
  /** A journal's lines as its ledger rows, grouped by `byAccount` (rules.ts linesByAccount): the rows a change took back or added. */
  rowsOf(journal: LedgerJournal, byAccount: typeof linesByAccount): LedgerRow[];
  /** The account's ledger lines posted on or before `date` that `keep` accepts, in ledger order (`before`), at most `limit + 1`. */
  ledgerRowsUpTo(companyId: string, accountId: string, date: string, limit: number, keep: (row: LedgerRow) => boolean, before: LedgerOrder): Promise<LedgerRow[]>;
  /** The ids of the account's statements written after `instant`, at most `limit + 1`. */
  statementsAfter(companyId: string, accountId: string, instant: string, limit: number): Promise<string[]>;
  /** The account's matches made or undone after `instant`, oldest first, at most `limit + 1`. */
  matchChangesAfter(companyId: string, accountId: string, instant: string, limit: number): Promise<MatchChange[]>;
  /** The periods marked reconciled on or before `date` and marked by `instant`, the latest first, at most `limit`. */
  reconciledPeriods(companyId: string, accountId: string, date: string, limit: number, instant: string): Promise<ReconciledPeriodRecord[]>;
}

/** What marking a period reconciled reads and writes (reconciled-periods.ts). */
export interface PeriodReconciling extends ReconciliationReads {
  /** The mark, new at its date (else `again`). */
  reconciledChange(record: ReconciledPeriodRecord, again: () => AppError): Change;
}

/** A page of a bank account's statement lines (statement-lines.ts). */
export interface StatementLineList {
  bankAccount(companyId: string, accountId: string): Promise<BankAccountFacts | undefined>;
  /** By booking date (oldest first unless not `orderAsc`), within the dates, only the unmatched when asked. Errors: ValidationError (InvalidCursor). */
  page(companyId: string, accountId: string, query: ListQuery & { dateFrom?: string | undefined; dateTo?: string | undefined; unmatched?: boolean | undefined }): Promise<Page<StatementLineRecord>>;
}

/** What automatic matching reads and writes (auto-matching.ts): the reconciliation's reads, and each match written on its own with its event. */
export interface AutoMatching extends Omit<ReconciliationReads, 'matches' | 'reconciledPeriods'> {
  /** The ledger lines some match claims (rules.ts ledgerKey). */
  claimedLedgerLines(companyId: string, accountId: string): Promise<Set<string>>;
  matchChanges(match: MatchRecord, taken: () => AppError): Change[];
  eventChange(event: EventRecord): Change;
  commit(changes: readonly Change[]): Promise<void>;
  /** What posting a difference takes, loaded on the path that posts one. */
  journaling(): Promise<LineJournaling>;
}

/** What making a journal from a statement line reads and writes (line-journal.ts). */
export interface LineJournaling extends Pick<Matching, 'bankAccount' | 'lines' | 'journals' | 'match' | 'matchChanges'> {
  /** A journal as the books hold it (strongly consistent). */
  journal(companyId: string, journalId: string): Promise<JournalRecord | undefined>;
  draftBooks: DraftCreating;
  /** The books as posting takes them, loaded on the path that posts, judging posting periods by `periods` (financial-years/posting-rules.ts postingPeriod). */
  postingBooks(periods: PostingPeriodRule): Promise<PostingBooks>;
  /** Units of work committing a step with the event `eventOf` builds from what it answers. */
  units: RecoveryUnits;
  eventChange(event: EventRecord): Change;
  /** The line linked to the journal, still unmatched and naming the journal `before` it did, else `taken`. */
  lineJournalChange(line: StatementLineRecord, journalId: string, before: string | undefined, taken: () => AppError): Change;
}
