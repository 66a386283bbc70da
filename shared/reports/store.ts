import type { ApprovalPolicyRecord } from '../approval-policies/records.ts';
import type { AccountAttributes } from '../accounts/records.ts';
import type { FiledReturn } from '../vat-returns/records.ts';
import type { ChainHeadReads, KnownAtReads } from '../audit/store.ts';
import type { FactReads, KeyMakers } from '../approval-policies/store.ts';
import type { BalanceScope, GroupedSums } from '../balances/records.ts';
import type { BudgetRecord } from '../budgets/records.ts';
import type { SettingsRecord } from '../companies/records.ts';
import type { CostCenterAttributes } from '../cost-centers/records.ts';
import type { CounterpartyRecord } from '../counterparties/records.ts';
import type { YearRecord } from '../financial-years/records.ts';
import type { JobsState } from '../journals/job-records.ts';
import type { LedgerJournal, LedgerOrder, LedgerPlace, LedgerRow, TaxLedgerRow } from '../journals/ledger-entries.ts';
import type { linesByAccount } from '../journals/rules.ts';
import type { JournalRecord } from '../journals/records.ts';
import type { ListQuery, Page, PageBinding } from '../schemas/list-query.ts';
import type { NodeRecord } from '../tree/records.ts';
import type { NodeReads } from '../tree/store.ts';
import type { Change } from '../unit-of-work.ts';
import type { Cover } from './cover.ts';
import type { ReportSnapshot, ReportSummary } from './records.ts';

/**
 * What the report use cases need of the books, one port per use case so a handler carries only
 * the reads it makes; shared/db implements them (db/stores/report-ports.ts).
 */

/** Whether a wide posting is changing the balances (steady-books.ts). */
export interface BooksMotion {
  /** The company's job counters, strongly consistent. */
  jobsState(companyId: string): Promise<JobsState>;
}

/** What reading the books as known at a moment needs, loaded on that rare path only (known-at-moment.ts): the reports that take `knownAt`. */
export interface KnownAtLoading {
  knownAtReads(): Promise<KnownAtReads>;
}

/** What a report reads first (report-context.ts): the settings, the chart, the years. */
export interface ChartReads {
  settings(companyId: string): Promise<SettingsRecord | undefined>;
  /** Every account of the company. */
  accounts(companyId: string): Promise<Array<NodeRecord<AccountAttributes>>>;
  /** Every financial year of the company, in no particular order. */
  years(companyId: string): Promise<YearRecord[]>;
}

/** What every report reads (report-context.ts, figures.ts): the chart and years, and the running balances while no wide posting runs. */
export interface ReportBooks extends BooksMotion, ChartReads {
  /** The sums of the running balances each cover names, in their order, grouped as `scope` says (of `accountIds` only, when given). */
  sums(companyId: string, covers: readonly Cover[], scope: BalanceScope, accountIds?: ReadonlySet<string>): Promise<GroupedSums[]>;
}

/** The journals a report reads by id: the years' closing journals and their reversals (closing-entries.ts). */
export interface ClosingJournalReads {
  journal(companyId: string, journalId: string): Promise<JournalRecord | undefined>;
}

/** Every cost center, for their paths (report-nodes.ts costCenterPaths). */
export interface CostCenterPathReads {
  costCenters: Pick<NodeReads<CostCenterAttributes>, 'all'>;
}

/** The cost centers a report names (report-nodes.ts). */
export interface CostCenterReads {
  costCenters: Pick<NodeReads<CostCenterAttributes>, 'resolve' | 'chains' | 'getMany' | 'all'>;
}

export type TrialBalanceReads = ReportBooks & KnownAtLoading & CostCenterReads;
export type BalanceSheetReads = ReportBooks & KnownAtLoading;
/** A VAT return's figures (vat-return-figures.ts): the report's books and the returns filed, oldest range first. */
export interface ReturnFigureReads extends ReportBooks {
  filedReturns(companyId: string): Promise<FiledReturn[]>;
}

/** The VAT return (vat-return.ts), which may read as known at a moment. */
export interface VatReturnReads extends ReturnFigureReads, KnownAtLoading {}

/** The segregation report (segregation.ts): the journals dated in a range, the policy's versions, what its rules look at, who made a key. */
export interface SegregationReads extends FactReads, KeyMakers {
  /** Every version the approval policy had, oldest first. */
  approvalPolicyVersions(companyId: string): Promise<ApprovalPolicyRecord[]>;
  /** Every journal dated in the range (calendar date), oldest first. */
  journals(companyId: string, range: { from: string; to: string }): AsyncIterable<JournalRecord>;
}

/** The tax detail (tax-detail.ts): the settings and years, the tax ledger in ledger order, and its cursors. */
export interface TaxDetailReads extends BooksMotion {
  settings(companyId: string): Promise<SettingsRecord | undefined>;
  years(companyId: string): Promise<YearRecord[]>;
  /** Up to `limit` taxed lines posted in the range after `after`, in ledger order (posting date, serial number, line). */
  taxLedgerRows(companyId: string, range: { from: string; to: string }, after: { position: string; line: number } | undefined, limit: number): Promise<TaxLedgerRow[]>;
  encodePlace(binding: PageBinding, place: Record<string, unknown>): Promise<string>;
  /** Errors: ValidationError (InvalidCursor). */
  decodePlace(binding: PageBinding, token: string): Promise<Record<string, unknown>>;
}
/**
 * The FTA audit file (fta-audit-file.ts): the report's books (chart, years, opening balances), the
 * company's name, the tax ledger and every account's ledger lines of the range as streams, and
 * the counterparties the taxed lines name.
 */
export interface FtaAuditFileReads extends ReportBooks {
  /** The company's name, or undefined. */
  companyName(companyId: string): Promise<string | undefined>;
  /** Every taxed line posted in the range, in ledger order (posting date, serial number, line), read as the consumer pulls them. */
  taxLedger(companyId: string, range: { from: string; to: string }): AsyncGenerator<TaxLedgerRow>;
  /** The company's counterparties with these ids that exist (batch reads). */
  counterparties(companyId: string, counterpartyIds: string[]): Promise<CounterpartyRecord[]>;
  /** Every line of the accounts' ledgers in the range that `keep` accepts, merged in ledger order (`before`: ledger-entries.ts sortsBefore), read as the consumer pulls them. */
  mergedLines(companyId: string, accountIds: readonly string[], range: { from: string; to: string }, keep: (row: LedgerRow) => boolean, before: LedgerOrder): AsyncGenerator<LedgerRow>;
}

export type IncomeStatementReads = ReportBooks & KnownAtLoading & ClosingJournalReads & CostCenterReads;
export type CashFlowReads = ReportBooks & KnownAtLoading & ClosingJournalReads & CostCenterReads;

export interface BudgetVsActualReads extends ReportBooks, KnownAtLoading, ClosingJournalReads, CostCenterReads {
  budget(companyId: string, budgetId: string): Promise<BudgetRecord | undefined>;
}

/** An account statement (general-ledger.ts): the report's books, the account named, its ledger lines in ledger order. */
export interface GeneralLedgerReads extends ReportBooks, KnownAtLoading, CostCenterReads {
  /** The account a UUID or a code path names. Errors: NotFound naming `field`. */
  account(companyId: string, reference: string, field: string): Promise<NodeRecord<AccountAttributes>>;
  /** Up to `limit` lines of the account's ledger in the range after `after` that `keep` accepts, in ledger order (`before`). */
  ledgerLines(companyId: string, accountId: string, range: { from: string; to: string }, after: LedgerPlace | undefined, limit: number, keep: (row: LedgerRow) => boolean, before: LedgerOrder): Promise<LedgerRow[]>;
  /** Every line of the accounts' ledgers in the range that `keep` accepts, merged in ledger order (`before`: ledger-entries.ts sortsBefore), read as the consumer pulls them. */
  mergedLines(companyId: string, accountIds: readonly string[], range: { from: string; to: string }, keep: (row: LedgerRow) => boolean, before: LedgerOrder): AsyncGenerator<LedgerRow>;
  /** A journal's lines as its ledger rows, grouped by `byAccount` (rules.ts linesByAccount): as known at a moment, the rows a change took back or added. */
  rowsOf(journal: LedgerJournal, byAccount: typeof linesByAccount): LedgerRow[];
  /** A signed token for the place a page ended. */
  encodePlace(binding: PageBinding, place: Record<string, unknown>): Promise<string>;
  /** Errors: ValidationError (InvalidCursor) when the token was altered or belongs to another statement. */
  decodePlace(binding: PageBinding, token: string): Promise<Record<string, unknown>>;
}

/** Reading and listing stored snapshots (snapshots.ts). */
export interface ReportSnapshotReads {
  get(companyId: string, reportId: string): Promise<ReportSnapshot | undefined>;
}

export interface ReportSnapshotList {
  /** Newest first. Errors: ValidationError (InvalidCursor). */
  page(companyId: string, query: ListQuery): Promise<Page<ReportSummary>>;
}

/** Generating a snapshot (create-report.ts): the books of every report kind it can hold, and its storing. */
export interface ReportCreating extends ReportBooks, KnownAtLoading, ClosingJournalReads, CostCenterReads, ChainHeadReads {
  /** The snapshot stored, while the company keeps fewer than `limit`. Errors: StateConflict ReportTooLarge; at commit, TooManyReports. */
  putChanges(companyId: string, snapshot: ReportSnapshot, limit: number): Change[];
}

/** A journals export names accounts and cost centers as reports do (journals/export-journals.ts). */
export type JournalExportReads = ChartReads & CostCenterPathReads;
