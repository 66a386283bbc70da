import type { ApiKeyRecord } from '../api-keys/records.ts';
import type { BulkRuns } from '../bulk-runs.ts';
import type { SettingsRecord } from '../companies/records.ts';
import type { SequencedEvent } from '../events/event-record.ts';
import type { EventHead } from '../events/numbering.ts';
import type { PendingEvent } from '../events/records.ts';
import type { PendingRead } from '../events/pending-order.ts';
import type { PeriodSpan, YearRecord } from '../financial-years/records.ts';
import type { LedgerLine } from '../journals/rules.ts';
import type { JournalRecord } from '../journals/records.ts';
import type { JournalVersionReads } from '../journals/history-authors.ts';
import type { Page, PageBinding } from '../schemas/list-query.ts';
import type { NodeRecord } from '../tree/records.ts';
import type { AccountAttributes } from '../accounts/records.ts';
import type { CostCenterAttributes } from '../cost-centers/records.ts';
import type { EntryPlace, TouchedPair } from './balance-rules.ts';
import type { BookChange, PeriodState } from './book-changes.ts';
import type { SummaryForm } from './book-summaries.ts';
import type { AccountPeriodFigures, HistoryRecord, PairFigures, StoredSpan } from './records.ts';
import type { AuditedKind } from './record-state.ts';
import type { TaxCodeRecord } from '../tax-codes/records.ts';
import type { CounterpartyRecord } from '../counterparties/records.ts';
import type { ScheduleRecord } from '../schedules/records.ts';
import type { FiledRange } from '../vat-returns/records.ts';
import type { ApprovalPolicyRecord } from '../approval-policies/records.ts';
import type { EventNumbering } from '../events/store.ts';
import type { AttachmentFileEvidence } from '../attachments/evidence.ts';
import type { ArchivedSegment, SegmentObject } from './archive-segments.ts';

/**
 * What the audit's use cases need of the place events, histories, book changes and figures are
 * kept, one port per use case so a handler carries only what it uses; shared/db implements them
 * (db/stores/audit-ports.ts; known-at-ports.ts for the reports' rare read as known at a moment).
 */

/** The event counter as it stands: the chain's head once pending events are numbered. */
export interface ChainHeadReads extends EventNumbering {
  /** The next number the counter gives and the hash of the last numbered event. */
  chainHead(companyId: string): Promise<EventHead>;
}

/** Signed cursors, bound to their list, so one cannot be forged or moved to another. */
export interface CursorSigning {
  signCursor(binding: PageBinding, at: Record<string, unknown>): Promise<string>;
  /** Errors: ValidationError (InvalidCursor: altered, or bound to another list). */
  readCursor(binding: PageBinding, cursor: string): Promise<Record<string, unknown>>;
}

/** Where the record of the company's changes to its books begins (the first change kept), or undefined before any. */
export interface ChangeRecordStart {
  keptFrom(companyId: string): Promise<{ sequence: number; occurredAt: string } | undefined>;
}

export interface HistoryReads extends EventNumbering {
  /** A record's versions, oldest first, a page at a time. Errors: ValidationError (InvalidCursor). */
  historyPage(companyId: string, kind: AuditedKind, recordId: string, pageSize: number, page: string | undefined): Promise<Page<HistoryRecord>>;
  apiKey(companyId: string, keyId: string): Promise<ApiKeyRecord | undefined>;
}

export interface RestatementReads extends ChainHeadReads, ChangeRecordStart, CursorSigning {
  settings(companyId: string): Promise<SettingsRecord | undefined>;
  /** Book changes committed at or after `instant`, oldest first, after the one keyed `startAfter`, each with its key; `last` is the key to read on from (undefined at the end). */
  changesPage(companyId: string, instant: string, startAfter: string | undefined, limit: number): Promise<{ changes: Array<BookChange & { key: string }>; last: string | undefined }>;
  /** A period's state as it stood at `instant`. */
  periodStateAt(companyId: string, periodId: string, instant: string): Promise<PeriodState | undefined>;
  /** The ranges of the VAT returns filed, oldest range first (a company files a few a year). */
  filedRanges(companyId: string): Promise<FiledRange[]>;
}

export interface KnownAtReads extends ChainHeadReads, ChangeRecordStart {
  /** Changes committed after `instant` (up to `upTo`), oldest first; undefined when they hold more than `maxLines` lines. */
  changesAfter(companyId: string, instant: string, maxLines: number, upTo?: string): Promise<BookChange[] | undefined>;
  /** The changes at these places (a block's closing changes). */
  changesAt(companyId: string, at: ReadonlyArray<{ occurredAt: string; sequence: number; index: number }>): Promise<BookChange[]>;
  /** The stretches holding a change committed after `instant`, newest first, as kept in `form`; undefined when more than `maxBlocks` blocks. */
  spansAfter(companyId: string, instant: string, maxBlocks: number, numberedThrough: number, form: SummaryForm): Promise<{ spans: StoredSpan[]; complete: boolean } | undefined>;
  /** The numbered events from `from` to `to` that are still kept, in order. */
  eventsBetween(companyId: string, from: number, to: number): Promise<SequencedEvent[]>;
}

/** What the balance checks read: ledger entries, balances against ledgers, the years holding their periods. */
export interface BalanceAuditReads {
  getJournals(companyId: string, journalIds: readonly string[]): Promise<JournalRecord[]>;
  getYear(companyId: string, yearId: string): Promise<YearRecord | undefined>;
  /** The key of an account and period in the figures' maps. */
  pairKey(accountId: string, periodId: string): string;
  /** Each place's ledger entry lines, or null where there is none. */
  ledgerEntriesAt(companyId: string, places: readonly EntryPlace[]): Promise<Array<LedgerLine[] | null>>;
  /** Balances and ledger entries of each account's periods, read once. */
  figuresOnce(companyId: string, pairs: ReadonlyMap<string, readonly PeriodSpan[]>): Promise<Map<string, PairFigures>>;
  /** The same read exactly (balances, ledger, balances again). */
  figures(companyId: string, pairs: ReadonlyMap<string, readonly PeriodSpan[]>): Promise<Map<string, AccountPeriodFigures>>;
}

/** What the record checks of a walk read besides the balances (a journal's kept versions: for its fields filled from them). */
export interface RecordAuditReads extends BalanceAuditReads, EventNumbering, JournalVersionReads {
  accounts(companyId: string, ids: string[]): Promise<NodeRecord<AccountAttributes>[]>;
  costCenters(companyId: string, ids: string[]): Promise<NodeRecord<CostCenterAttributes>[]>;
  taxCodes(companyId: string, ids: string[]): Promise<TaxCodeRecord[]>;
  counterparties(companyId: string, ids: string[]): Promise<CounterpartyRecord[]>;
  schedules(companyId: string, ids: string[]): Promise<ScheduleRecord[]>;
  approvalPolicy(companyId: string): Promise<ApprovalPolicyRecord | undefined>;
  lastVersionOf(companyId: string, kind: AuditedKind, recordId: string): Promise<{ version: number; sequence: number } | undefined>;
  getEvent(companyId: string, sequence: number): Promise<SequencedEvent | undefined>;
  eventsBetween(companyId: string, from: number, to: number): Promise<SequencedEvent[]>;
  /** Up to `limit` pending events from each of the company's pending partitions. */
  pendingEverywhere(companyId: string, limit: number): Promise<Array<PendingRead<PendingEvent>>>;
}

/** The company's archived segments of events (db/events/archive-index-store.ts) and their objects in the documents bucket. */
export interface ArchiveReads {
  /** The segments holding a number from `from` to `to`, in order (their index items). */
  segmentsBetween(companyId: string, from: number, to: number): Promise<ArchivedSegment[]>;
  /** The segment's object at the version recorded (null: the one there), or undefined when there is none. */
  readObject(objectKey: string, versionId: string | null): Promise<SegmentObject | undefined>;
}

/**
 * The job archiving events before the table's expiry removes them (archive-events.ts): the
 * companies, their events and counters, the archive's index items and objects.
 */
export interface EventArchiving extends Pick<ArchiveReads, 'readObject'> {
  /** Every company, listed as the job goes (a listing of companies made before it goes on until `until`, ms since the epoch, then in the next run). */
  companies(until: number): AsyncIterable<string>;
  settings(companyId: string): Promise<SettingsRecord | undefined>;
  chainHead(companyId: string): Promise<EventHead>;
  /** The numbered events from `from` to `to` that are still kept, in order. */
  eventsBetween(companyId: string, from: number, to: number): Promise<SequencedEvent[]>;
  /** The number of the first event still kept at or after `from`, or undefined. */
  firstKeptFrom(companyId: string, from: number): Promise<number | undefined>;
  /** The segment ending last, or undefined before the first. */
  lastSegment(companyId: string): Promise<ArchivedSegment | undefined>;
  /** Records a segment's index item unless one is there; false when one was (another run recorded it). */
  recordSegment(companyId: string, segment: ArchivedSegment): Promise<boolean>;
  /** Where the segment beginning at `first` is kept in the bucket: a key of its own, never reused. */
  objectKey(companyId: string, first: number): string;
  /** Writes the object unless one is under its key, locked in COMPLIANCE mode until `retainUntil`; 'exists' when one was. */
  writeObject(objectKey: string, body: Uint8Array, sha256: string, retainUntil: Date): Promise<SegmentObject | 'exists'>;
}

/** Verify: the walk's reads, the pairs a paged run keeps between its requests, its cursors. */
export interface AuditVerifying extends RecordAuditReads, ChainHeadReads, CursorSigning {
  /** The company's archived segments of events (from the first number they hold), or undefined when it has none; its reads load only then. */
  eventArchive(companyId: string): Promise<(ArchiveReads & { from: number }) | undefined>;
  /** The company's Verify slots and the bulk read budget a page reads within (verify-runs.ts). */
  bulkRuns: BulkRuns;
  oldestKeptSequence(companyId: string): Promise<number | undefined>;
  keepTouchedPairs(companyId: string, runId: string, from: number, pairs: readonly TouchedPair[]): Promise<void>;
  /** A pair's place among the run's kept pairs. */
  pairPosition(pair: Pick<TouchedPair, 'accountId' | 'periodId'>): string;
  verifyPairsAfter(companyId: string, runId: string, after: string | null, limit: number): Promise<{ pairs: TouchedPair[]; more: boolean }>;
  /** The files of the company's source documents, as Verify's step over them reads them (verify-attachments.ts), loaded when a run comes to it. */
  attachmentFiles(): Promise<AttachmentFileEvidence>;
}
