import type { AccountAttributes } from '../accounts/records.ts';
import type { TaxCodeRecord } from '../tax-codes/records.ts';
import type { ApprovalPolicyRecord } from '../approval-policies/records.ts';
import type { CounterpartyRecord } from '../counterparties/records.ts';
import type { JournalExportReads } from '../reports/store.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { NodeReads } from '../tree/store.ts';
import type { JournalStatus } from './rules.ts';
import type { PostingFigures } from './posting-figures.ts';
import type { NodeAttributes, NodeRecord } from '../tree/records.ts';
import type { PeriodRecord, YearRecord } from '../financial-years/records.ts';
import type { CostCenterAttributes } from '../cost-centers/records.ts';
import type { Change, UnitOfWork } from '../unit-of-work.ts';
import type { DraftSettings } from '../companies/store.ts';
import type { DraftJournal, UnpostedJournal, InProgressJournal, JournalRecord, PostedJournal, ReversedJournal, VoidedJournal } from './records.ts';

/**
 * The books as the journal use cases see them (shared/db/ledger/books-store.ts and draft-books-store.ts keep them): the
 * journals, the year and period a date falls in, and the facts a use case commits: a draft
 * saved, a journal posted, unposted or reversed. How the books spread, check and record those
 * facts (and whether a wide one takes one transaction or several) is theirs. Each use case
 * takes the books as its first argument; the handlers (functions/journals/) and the job recovery
 * hand in shared/db's.
 */
export interface Books {
  journal(companyId: string, journalId: string): Promise<JournalRecord | undefined>;
  /** Errors: NotFound. */
  existingJournal(companyId: string, journalId: string): Promise<JournalRecord>;

  /** A financial year as the books hold it (the year a closing journal closes). */
  year(companyId: string, yearId: string): Promise<YearRecord | undefined>;
  /** The company's settings as a draft's amounts use them, and what its commit checks of them. */
  settings: DraftSettings;
  /** The accounts and cost centers a journal's lines name. */
  accounts: LineNodes<AccountAttributes>;
  costCenters: LineNodes<CostCenterAttributes>;
  /** The rate of a foreign currency in effect on a date (the company's latest on or before it), if any. */
  rateOn(companyId: string, currency: string, date: string): Promise<string | undefined>;
  /** The company's approval policy (strongly consistent), or undefined when it never had one: Post holds a journal to it. */
  approvalPolicy(companyId: string): Promise<ApprovalPolicyRecord | undefined>;
  /** The company's tax codes with these codes that exist (strongly consistent). */
  taxCodes(companyId: string, codes: string[]): Promise<TaxCodeRecord[]>;
  /** The company's counterparties with these ids that exist (strongly consistent). */
  counterparties(companyId: string, counterpartyIds: string[]): Promise<CounterpartyRecord[]>;

  /** The company's next serial number: never handed out twice (docs/decisions.md, serialNumber). */
  nextSerial(companyId: string): Promise<number>;
  /** The number `nextSerial` answered, not used: a request refused after drawing it. */
  serialUnused(companyId: string, serialNumber: number): void;

  /**
   * The open period of an open year that contains the date, for a posting on it, as the rule the
   * books were built with (PostingPeriodRule: financial-years/posting-rules.ts postingPeriod)
   * judges the year read. Errors: ValidationError (NoFinancialYear) when no year contains it;
   * StateConflict (PeriodNotOpen) when the year is closed or the period locked or closed. Both
   * name `postingDate`.
   */
  openPeriod(companyId: string, date: string): Promise<OpenPeriod>;
  /**
   * The year of a draft's date, as the draft is checked against it: none, or an open one.
   * Errors: StateConflict (YearClosed) naming `date`: a closed year takes no new drafts.
   */
  draftYear(companyId: string, date: string): Promise<DraftYear>;

  /**
   * A draft saved: new (`before` absent) or replacing `before`, with the accounts and cost
   * centers it names recorded, and checked at commit against what it was checked against: the
   * year of its date and the accounts its lines name, as read (`read`), and `checks` (its settings).
   */
  draftSaved<T>(uow: UnitOfWork, companyId: string, saved: { before?: UnpostedJournal; after: DraftJournal }, read: DraftRead, checks: readonly Change[], response: T): Promise<T>;
  /** A journal's new state that leaves the balances as they are (a draft voided). */
  saved<T>(uow: UnitOfWork, companyId: string, before: JournalRecord, after: JournalRecord, response: T): Promise<T>;
  /**
   * A draft posted into the open period it was read in: `after` is the draft as posted, `figures`
   * what its posting adds (posting-figures.ts postingFigures, sign 1). Answers `respond` of the journal as
   * the books hold it once posted.
   */
  posted<T>(uow: UnitOfWork, companyId: string, before: UnpostedJournal, after: PostedJournal, into: OpenPeriod, figures: PostingFigures, respond: (journal: JournalRecord) => T): Promise<T>;
  /**
   * A posted journal's posting taken back (`figures`, sign -1), its period still open: voided, or a
   * draft again (Adjust). Errors: StateConflict PostingInProgress while the import that wrote it runs.
   */
  unposted<T>(uow: UnitOfWork, companyId: string, before: PostedJournal, after: VoidedJournal | DraftJournal, figures: PostingFigures, respond: (journal: JournalRecord) => T): Promise<T>;
  /**
   * A posted journal reversed by `reversal`, a new journal posted into the open period it was read
   * in, adding `figures` (the reversal's, sign 1). Answers `respond` of the reversal as the books
   * hold it once posted; its event records `described` (the original, reversed).
   */
  reversed<T>(uow: UnitOfWork, companyId: string, original: { before: PostedJournal; after: ReversedJournal }, reversal: PostedJournal, into: OpenPeriod, figures: PostingFigures, respond: (reversal: JournalRecord) => T, described: unknown): Promise<T>;
  /**
   * A posting too wide for one transaction, under way (records.ts PostingJob), finished: what is
   * left of `figures` (its job's: posting-jobs.ts jobFigures) applied, then the state its action
   * leaves the journal in (posted, voided, or a draft again) committed. Answers `respond` of that
   * state; its event records `described`, when given, else the answer.
   * Errors: those of the writes (it stays resumable), StateConflict PostingInProgress when another
   * request finished it first.
   */
  postingFinished<T>(uow: UnitOfWork, companyId: string, journal: InProgressJournal, figures: PostingFigures, respond: (journal: JournalRecord) => T, described?: unknown): Promise<T>;
}

/**
 * What posting, voiding, adjusting and reversing take of the books (post-journal.ts), and recovery
 * finishing their jobs: none of what only saving a draft reads and writes (DraftBooks), so those
 * functions bundle none of it.
 */
export type PostingBooks = Omit<Books, 'rateOn' | 'taxCodes' | 'counterparties' | 'serialUnused' | 'draftYear' | 'draftSaved' | 'settings'> & { settings: Pick<DraftSettings, 'read'> };

/** Accounts or cost centers as a journal's lines name them: by id, or by a UUID or code path. */
export interface LineNodes<A extends NodeAttributes> {
  get(companyId: string, id: string): Promise<NodeRecord<A> | undefined>;
  /** Missing ones are left out. */
  getMany(companyId: string, ids: string[]): Promise<NodeRecord<A>[]>;
  /** Errors: NotFound naming `field`. */
  resolve(companyId: string, reference: string, field: string): Promise<NodeRecord<A>>;
}

/** What saving a draft takes of the books (write-journal.ts): the year of its date, what its lines name, the draft saved. */
export type DraftBooks = Pick<Books, 'draftYear' | 'draftSaved' | 'settings' | 'accounts' | 'costCenters' | 'rateOn' | 'taxCodes' | 'counterparties'>;
/** Creating a draft: a serial number too (given back by a create refused after drawing it). */
export type DraftCreating = DraftBooks & Pick<Books, 'nextSerial' | 'serialUnused'>;
/** Updating a draft: the journal as it was. */
export type DraftUpdating = DraftBooks & Pick<Books, 'existingJournal'>;

/** The open year and period a posting on a date goes into, as read. */
export interface OpenPeriod {
  year: YearRecord;
  period: PeriodRecord;
}

/**
 * Where a posting on a date goes in the year containing it as read (undefined: none), or why not:
 * handed to the books by whoever builds them (the handlers, job recovery, the ports that load
 * the posting books), so the use cases post without loading it.
 */
export type PostingPeriodRule = (companyId: string, date: string, year: YearRecord | undefined) => OpenPeriod | { refusal: Error };

declare const opaque: unique symbol;

/** The year of a draft's date as the books read it, handed back with the draft they save. */
export interface DraftYear {
  readonly [opaque]?: never;
}

/** What a draft was checked against on reading: its date's year and the accounts its lines name. */
export interface DraftRead {
  year: DraftYear;
  accounts: readonly NodeRecord[];
}

/** The list's filters as the journal queries take them (read-journals.ts journalFilters builds them). */
export interface JournalFilters {
  /** Calendar dates, inclusive. */
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  status?: JournalStatus | undefined;
  /** Serial numbers, inclusive. */
  serialFrom?: number | undefined;
  serialTo?: number | undefined;
  /** Lower case; matched against serial number, description and reference. */
  keyword: string;
  /** The id of the user or API key that created, or that posted, the journal. */
  createdBy?: string | undefined;
  postedBy?: string | undefined;
  /**
   * Tests of the journal no expression can make (lines on an account's subtree, the total,
   * the reference: shared/journals/journal-filter.ts), with what they are bound to in cursors.
   */
  matches?: { test: (journal: JournalRecord) => boolean; binding: Record<string, unknown> } | undefined;
}

/** The nodes a journal list's filters name (accountId, costCenterId), resolved with their subtrees. */
export interface FilterNodes {
  filterNodes: {
    accounts: Pick<NodeReads<AccountAttributes>, 'resolve' | 'all'>;
    costCenters: Pick<NodeReads<CostCenterAttributes>, 'resolve' | 'all'>;
  };
}

/** What reading one journal needs (read-journals.ts). */
export interface JournalGetting {
  /** Errors: NotFound. */
  existingJournal(companyId: string, journalId: string): Promise<JournalRecord>;
}

/** What the journal list needs: a page of the journals the filters select. */
export interface JournalListing extends FilterNodes {
  /** Errors: ValidationError (InvalidCursor). */
  page(companyId: string, query: ListQuery<'Date' | 'SerialNumber'>, filters: JournalFilters): Promise<Page<JournalRecord>>;
}

/** What the journal list's export needs: every journal the filters select, oldest first, and the names a report shows (export-journals.ts). */
export interface JournalExporting extends FilterNodes, JournalExportReads {
  all(companyId: string, filters: JournalFilters): AsyncIterable<JournalRecord>;
}
