import type { SettingsReads } from '../companies/store.ts';
import type { AuditHead } from '../audit/chain.ts';
import type { ChainHeadReads } from '../audit/store.ts';
import type { BalanceScope, GroupedSums } from '../balances/records.ts';
import type { AccountAttributes } from '../accounts/records.ts';
import type { AppError } from '../errors.ts';
import type { DraftJournal, JournalRecord } from '../journals/records.ts';
import type { Line } from '../journals/rules.ts';
import type { Cover } from '../reports/cover.ts';
import type { BooksMotion } from '../reports/store.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { NodeReads } from '../tree/store.ts';
import type { Change } from '../unit-of-work.ts';
import type { PeriodRecord, YearRecord, YearRegistry } from './records.ts';
import type { PeriodStatus } from './rules.ts';

/**
 * What the year and period use cases need of the place years are kept, one port per use case so
 * a handler carries only what it uses; shared/db implements them.
 */

export interface YearReads {
  /** The company's year with this id. Errors: NotFound. */
  get(companyId: string, yearId: string): Promise<YearRecord>;
}

/**
 * A write that holds off new postings and drafts in the year until it commits: each change the
 * write commits names the hold it runs under.
 */
export type YearHold = string;

export interface YearList {
  /** A page of the company's years by start date; `keyword` (lower case, empty for none) matches the name. Errors: ValidationError (InvalidCursor). */
  page(companyId: string, query: ListQuery, keyword: string): Promise<Page<YearRecord>>;
}

export interface PeriodList extends YearReads {
  /** One page of a year's periods (few, in memory) by start date, its cursor bound to the year and `keyword`. Errors: ValidationError (InvalidCursor). */
  pageOf<P extends { startDate: string }>(companyId: string, yearId: string, periods: P[], query: ListQuery, keyword: string): Promise<Page<P>>;
}

/** The years of the company and their ranges, as a change of one checks it against the others. */
export interface YearRegistryReads {
  registry(companyId: string): Promise<YearRegistry>;
}

export interface YearCreating extends YearRegistryReads {
  /** Errors at commit: VersionConflict (the registry changed meanwhile). */
  createChanges(companyId: string, year: YearRecord, registry: YearRegistry): Change[];
}

/** Running a write once nothing has been posted into the year, new postings held off meanwhile. Errors: VersionConflict, StateConflict (HasPostings). */
export interface WhileNoPostings {
  whileNoPostings(companyId: string, year: YearRecord, write: (hold: YearHold) => Promise<void>): Promise<void>;
}

export interface YearReplacing extends YearReads, YearRegistryReads, WhileNoPostings {
  /** At the version read; with the registry when the range changes, under the hold when one is held. Errors at commit: VersionConflict. */
  replaceChanges(companyId: string, before: YearRecord, after: YearRecord, registry?: YearRegistry, hold?: YearHold): Change[];
}

export interface YearDeleting extends YearReads, YearRegistryReads, WhileNoPostings {
  /** At the version read, under the hold. Errors at commit: VersionConflict. */
  deleteChanges(companyId: string, year: YearRecord, registry: YearRegistry, hold: YearHold): Change[];
}

export interface YearClosing extends YearReads, ChainHeadReads {
  /** Whether a draft journal is dated within the range (inclusive). */
  hasDraftsBetween(companyId: string, startDate: string, endDate: string): Promise<boolean>;
  /**
   * Runs `write` while the year holds off new postings and drafts, once `refusal` finds nothing
   * that refuses it. Errors: VersionConflict, `refusal`'s.
   */
  whileHeld(companyId: string, year: YearRecord, refusal: () => Promise<AppError | undefined>, write: (hold: YearHold) => Promise<void>): Promise<void>;
  replaceChanges(companyId: string, before: YearRecord, after: YearRecord, registry?: YearRegistry, hold?: YearHold): Change[];
}

export interface PeriodChanging extends YearReads, ChainHeadReads {
  /** The period's new status at the version read (a close records the audit head). Errors at commit: VersionConflict. */
  statusChanges(companyId: string, year: YearRecord, period: PeriodRecord, status: PeriodStatus, auditHead?: AuditHead): Change[];
}

/** What generating a year's closing journal needs: the year and its journal, the year's sums (read while no wide posting runs), the accounts summed (with their chains, for their classification), and the changes that write the draft. */
export interface ClosingJournalWriting extends YearReads, BooksMotion, SettingsReads {
  journal(companyId: string, journalId: string): Promise<JournalRecord | undefined>;
  accounts: Pick<NodeReads<AccountAttributes>, 'getMany' | 'chains'>;
  /** Every financial year of the company, in no particular order: how many periods the books have. */
  years(companyId: string): Promise<YearRecord[]>;
  /** The sums of the balances the cover names, grouped as `scope` says. */
  sums(companyId: string, cover: Cover, scope: BalanceScope): Promise<GroupedSums>;
  /** The next serial number of the company's journals. */
  drawSerial(companyId: string): Promise<number>;
  /** The new draft, the year naming it as its closing journal (as read), and the account and cost center references of `referenced`, recorded for the draft. */
  draftChanges(companyId: string, journal: DraftJournal, year: YearRecord, referenced: readonly Line[]): Change[];
}
