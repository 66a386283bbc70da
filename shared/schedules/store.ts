import type { AccountAttributes } from '../accounts/records.ts';
import type { SettingsRecord } from '../companies/records.ts';
import type { CostCenterAttributes } from '../cost-centers/records.ts';
import type { EventRecord } from '../events/event-record.ts';
import type { JournalRecord } from '../journals/records.ts';
import type { JournalApproving } from '../journals/approve-journal.ts';
import type { DraftCreating, PostingBooks, PostingPeriodRule } from '../journals/store.ts';
import type { ListQuery, Page, PageQuery } from '../schemas/list-query.ts';
import type { NodeReads } from '../tree/store.ts';
import type { ActorRef } from '../auth/actor.ts';
import type { AppError } from '../errors.ts';
import type { CompanyAccess } from '../auth/store.ts';
import type { Change, RecoveryUnits, UnitOfWork } from '../unit-of-work.ts';
import type { OccurrenceRecord, ScheduleRecord } from './records.ts';

/**
 * What the schedule use cases need of the place templates and their occurrences are kept, one
 * port per use case; shared/db implements them (db/stores/schedule-ports.ts).
 */

export interface ScheduleReads {
  /** The company's template with this id, or undefined (strongly consistent). */
  get(companyId: string, scheduleId: string): Promise<ScheduleRecord | undefined>;
}

/** What a template's lines are checked against: the company's precision, its accounts and cost centers. */
export interface ScheduleLineFacts {
  settings(companyId: string): Promise<SettingsRecord | undefined>;
  accounts: NodeReads<AccountAttributes>;
  costCenters: NodeReads<CostCenterAttributes>;
}

export interface ScheduleCreating extends ScheduleLineFacts {
  createChanges(schedule: ScheduleRecord): Change[];
}

export interface ScheduleReplacing extends ScheduleReads, ScheduleLineFacts {
  /**
   * At the version read and the occurrence last settled as read. Errors at commit: NotFound,
   * VersionConflict, or `moved` (records.ts ScheduleMoved) when only the worker settled an occurrence meanwhile.
   */
  replaceChanges(before: ScheduleRecord, after: ScheduleRecord, moved: () => AppError): Change[];
  /** The template's occurrences recorded from `from` to `to` inclusive, by date (an allocation's, at most its plan). */
  occurrencesFrom(companyId: string, scheduleId: string, from: string, to: string): Promise<OccurrenceRecord[]>;
  /**
   * A check that the occurrence of `date` still stands as read (absent, or the same state and
   * instant): a re-spread based on it commits only then. Errors at commit: `moved`.
   */
  occurrenceUnchanged(companyId: string, scheduleId: string, date: string, asRead: OccurrenceRecord | undefined, moved: () => AppError): Change;
}

export interface ScheduleList {
  /** Templates, newest first unless orderAsc; the keyword matches the description. Errors: ValidationError (InvalidCursor). */
  page(companyId: string, query: ListQuery): Promise<Page<ScheduleRecord>>;
}

export interface OccurrenceReads extends ScheduleReads {
  occurrence(companyId: string, scheduleId: string, date: string): Promise<OccurrenceRecord | undefined>;
  /** The template's occurrences, oldest first. Errors: ValidationError (InvalidCursor). */
  occurrencesPage(companyId: string, scheduleId: string, query: PageQuery): Promise<Page<OccurrenceRecord>>;
}

/** Writing an occurrence's state and moving the template's settled occurrence on. */
export interface OccurrenceWrites {
  /**
   * The occurrence written as `after`, where it stood as `before` (absent, or in the same state
   * and instant). Errors at commit: `moved` (records.ts OccurrenceMoved).
   */
  occurrenceChange(before: OccurrenceRecord | undefined, after: OccurrenceRecord, moved: () => AppError): Change;
  /**
   * The template's settled occurrence moved on to `date`, from where it was read, at its version
   * read: its next date and place in the due index follow. Errors at commit: `moved`.
   */
  settledChange(schedule: ScheduleRecord, date: string, nextDate: string | null, moved: () => AppError): Change;
  /** A check that the template is still at the version read (an allocation's draft is of its plan as read). Errors at commit: `moved`. */
  scheduleUnchanged(schedule: ScheduleRecord, moved: () => AppError): Change;
  eventChange(event: EventRecord): Change;
  /** A unit of work committing changes alone, in the name of `actor`. */
  unit(actor: ActorRef): UnitOfWork;
}

export interface OccurrenceSkipping extends OccurrenceReads, OccurrenceWrites {}

export interface OccurrencePreviewing extends ScheduleReads {
  /** The template's occurrences recorded from `from` to `to` inclusive (a preview's span, at most its bound). */
  occurrencesFrom(companyId: string, scheduleId: string, from: string, to: string): Promise<OccurrenceRecord[]>;
}

/** What the worker generating occurrences reads and writes (generate-occurrences.ts). */
export interface OccurrenceGenerating extends OccurrenceReads, OccurrenceWrites {
  /** Templates whose next occurrence is on or before `date` (one company's, with `companyId`), at most `limit`, the earliest due first. */
  due(date: string, limit: number, companyId?: string): Promise<Array<{ companyId: string; scheduleId: string }>>;
  /** Where what the template's author holds in the company now is read (auth/access-in-company.ts). */
  access: CompanyAccess;
  /** Whether a financial year contains the date. */
  hasYear(companyId: string, date: string): Promise<boolean>;
  journal(companyId: string, journalId: string): Promise<JournalRecord | undefined>;
  draftBooks: DraftCreating;
  /** The books as posting takes them, loaded on the path that posts. */
  postingBooks(periods: PostingPeriodRule): Promise<PostingBooks>;
  /** The books Submit takes: the journal, the approval policy and what its rules look at. */
  approvalBooks: JournalApproving;
  /** Units of work committing a step with the event `eventOf` builds from what it answers. */
  units: RecoveryUnits;
}
