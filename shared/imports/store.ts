import type { ApprovalPolicyRecord } from '../approval-policies/records.ts';
import type { AttachmentRecord, JournalAttachment } from '../attachments/records.ts';
import type { AccountAttributes } from '../accounts/records.ts';
import type { BudgetRecord, BudgetSummary } from '../budgets/records.ts';
import type { BudgetLineNodes } from '../budgets/store.ts';
import type { SettingsRecord } from '../companies/records.ts';
import type { CostCenterAttributes } from '../cost-centers/records.ts';
import type { CounterpartyRecord } from '../counterparties/records.ts';
import type { CompanyAccess } from '../auth/store.ts';
import type { AppError } from '../errors.ts';
import type { EventRecord } from '../events/event-record.ts';
import type { YearRecord } from '../financial-years/records.ts';
import type { DraftJournal, PostedJournal, SubmittedJournal } from '../journals/records.ts';
import type { FiguresOfPosting } from '../journals/posting-figures.ts';
import type { LedgerEntries } from '../journals/rules.ts';
import type { StatementImporting } from '../reconciliation/store.ts';
import type { ListQuery, Page, PageQuery } from '../schemas/list-query.ts';
import type { TaxCodeRecord } from '../tax-codes/records.ts';
import type { NodeConditionName, NodeRecord } from '../tree/records.ts';
import type { Change } from '../unit-of-work.ts';
import type { NodeImportKind } from './plan-nodes.ts';
import type { ImportCounts, ImportJob, ImportStatus, JournalMark, RowError } from './records.ts';

/** The attributes of the node kinds an import writes. */
export interface ImportedAttributes {
  accounts: AccountAttributes;
  costCenters: CostCenterAttributes;
}

/**
 * What the import use cases need of the place jobs are kept, in their own words, one port per
 * need so a handler carries only what it uses; shared/db implements them
 * (db/stores/import-ports.ts).
 */

/** A job and its report, as the reading handlers answer them. */
export interface ImportReads {
  job(companyId: string, importId: string): Promise<ImportJob | undefined>;
  /** The company's jobs, newest first unless orderAsc. Errors: ValidationError (InvalidCursor). */
  jobs(companyId: string, query: ListQuery): Promise<Page<ImportJob>>;
  /** The job's row errors in the order found. Errors: ValidationError (InvalidCursor). */
  errors(companyId: string, importId: string, query: PageQuery): Promise<Page<RowError>>;
}

/** A file accepted: kept (compressed, in pieces a record can hold) until a worker runs its job. */
export interface ImportQueue {
  /** The file as it is stored: its compressed pieces. */
  storedPieces(text: string): Buffer[];
  /** The file's pieces kept, before the job that names them is written. */
  keepFile(companyId: string, importId: string, pieces: Buffer[], now: Date): Promise<void>;
  /** The queued job written. */
  queuedChanges(companyId: string, job: ImportJob): Change[];
  /** Whether the company has this financial year (an import names the one its journals or budget go in). */
  hasYear(companyId: string, yearId: string): Promise<boolean>;
  /** The currency of the bank account on this account, or undefined when there is none. */
  bankCurrency(companyId: string, accountId: string): Promise<string | undefined>;
}

/** An item as the books store it, opaque to the worker: it only hands items back to be put or deleted. */
export type StoredItem = Record<string, unknown>;

/**
 * What the import worker (run-import.ts and the planners and writers it runs) needs of the
 * place jobs and books are kept, in its own words; shared/db implements it
 * (db/stores/import-work.ts) and the worker's function hands it in (functions/ops/run-imports.ts).
 */
export interface ImportWork {
  // The job: found, claimed, stepped, ended. A change conditional on the claim fails at commit with ClaimLost (errors.ts).
  /** Jobs not yet ended, oldest first, of one company or all. */
  unfinishedJobs(companyId?: string): Promise<Array<{ companyId: string; importId: string }>>;
  /** The job held by `owner` until `until`; undefined when another worker holds it or it ended. */
  claim(companyId: string, importId: string, owner: string, now: Date, until: Date): Promise<ImportJob | undefined>;
  /** The claim given up before it runs out. */
  release(companyId: string, importId: string, owner: string): Promise<void>;
  /** A failed run counted on the job, the claim kept until `retryAt`. */
  recordFault(companyId: string, importId: string, owner: string, faults: NonNullable<ImportJob['faults']>, retryAt: Date): Promise<void>;
  /** The job's file as it was sent. */
  file(companyId: string, importId: string): Promise<string>;
  deleteFile(companyId: string, job: ImportJob): Promise<void>;
  /** Errors of the report from index `first` on (writing one again is harmless). */
  putErrors(companyId: string, importId: string, errors: readonly RowError[], first?: number): Promise<void>;
  firstErrors(companyId: string, importId: string, limit: number): Promise<RowError[]>;
  checkedChange(companyId: string, importId: string, owner: string, outcome: { counts: ImportCounts; errors: RowError[]; errorCount: number; planned: number; serialBase?: number | undefined; layout: number }): Change;
  /** Step `step` recorded (the next one, the rows written, the errors met) and the claim renewed until `until`. */
  advanceChange(companyId: string, importId: string, owner: string, step: number, until: Date, effect: { written?: number; errors?: number }): Change;
  /** An error met while writing, as entry `index` of the report. */
  errorChange(companyId: string, importId: string, index: number, error: RowError): Change;
  finishChanges(companyId: string, job: ImportJob, owner: string, final: { status: ImportStatus; errors: RowError[]; counts?: ImportCounts }): Change[];
  /** The job stops writing for this reason (entry `index` of the report); once per job. */
  stopChanges(companyId: string, importId: string, owner: string, index: number, error: RowError): Change[];
  /** The outbox item of an event of a record the job writes. */
  eventChange(event: EventRecord): Change;
  /** The changes in one transaction. */
  commit(changes: readonly Change[]): Promise<void>;
  /** Items put and deleted in bulk (each may be written again harmlessly). */
  bulk(puts: readonly StoredItem[], deletes?: readonly StoredItem[]): Promise<void>;
  /** The most changes one transaction takes. */
  readonly transactionLimit: number;
  /** What the job's creator holds in the company now (creator-access.ts). */
  readonly access: CompanyAccess;

  /** A bankStatements import's reads and writes (reconciliation/store.ts). */
  readonly statements: StatementImporting;

  // What the check reads of the books.
  settings(companyId: string): Promise<SettingsRecord | undefined>;
  nodes<K extends NodeImportKind>(kind: K, companyId: string): Promise<NodeRecord<ImportedAttributes[K]>[]>;
  year(companyId: string, yearId: string): Promise<YearRecord | undefined>;
  /** Every financial year of the company. */
  years(companyId: string): Promise<YearRecord[]>;
  /** Every journal of the company, as an import recognises one already there. */
  journalMarks(companyId: string): Promise<JournalMark[]>;
  /** The company's approval policy, or undefined when it never had one: an import posts no journal it holds. */
  approvalPolicy(companyId: string): Promise<ApprovalPolicyRecord | undefined>;
  rateOn(companyId: string, currency: string, date: string): Promise<string | undefined>;
  /** The company's tax codes with these codes that exist, as a journal's draft reads them. */
  taxCodes(companyId: string, codes: string[]): Promise<TaxCodeRecord[]>;
  /** The company's counterparties with these ids that exist, as a journal's draft reads them. */
  counterparties(companyId: string, counterpartyIds: string[]): Promise<CounterpartyRecord[]>;
  /** The files uploaded to the company without a journal, of these ids, that exist (strongly consistent). */
  companyAttachments(companyId: string, attachmentIds: string[]): Promise<AttachmentRecord[]>;
  /** The accounts and cost centers a budget line names. */
  readonly budgetLineNodes: BudgetLineNodes;
  /** The company's budgets in the order made. Errors: ValidationError (InvalidCursor). */
  budgetsPage(companyId: string, page: string | undefined): Promise<Page<BudgetSummary>>;

  // What the writers write.
  /** The changes of a node created as the API creates it (edge, item, ancestors' counts), its parent still what it must be. */
  nodeChanges(kind: NodeImportKind, companyId: string, node: NodeRecord, searchText: string, parentChain: NodeRecord[], parentMust?: NodeConditionName): Change[];
  budgetChanges(budget: BudgetRecord): Change[];
  /** A counterparty created as the API creates it, where none has its id. */
  counterpartyChange(counterparty: CounterpartyRecord, searchText: string): Change;
  /** A journal written new (a draft, or born posted); `ifWritten` the error when it is there already. */
  newJournalChange(companyId: string, journal: DraftJournal | SubmittedJournal | PostedJournal, ifWritten: () => AppError): Change;
  /**
   * Files uploaded to the company put on a new journal, as attachments/attach.ts makes their
   * records there: each record written under the journal, the company's record marked attached to
   * it (conditionally on being on no journal and available: else `ifAttached`, given the journal
   * it is on), and the journal's count of attachments.
   */
  attachChanges(companyId: string, attached: readonly JournalAttachment[], ifAttached: (journalId: string) => AppError): Change[];
  /** The file's object locked in storage until `until` (a later date lengthens a lock; the same date again changes nothing). */
  lockAttachment(record: AttachmentRecord, until: Date): Promise<void>;
  /** Of these journals, those the books hold. */
  existingJournalIds(companyId: string, journalIds: readonly string[]): Promise<Set<string>>;
  /** Serial numbers for `count` journals of a job: the first of them. */
  drawSerials(companyId: string, count: number): Promise<number>;
  /** A journal born posted by an import, placed on the import's own balance items. */
  importedPosting(journal: PostedJournal, serialBase: number): PostedJournal;
  /**
   * The balance items of posted journals, summed per item, each journal's figures from `figuresOf`
   * (journals/posting-figures.ts postingFigures); `packDays`: each day's items as few as they fit
   * (a job checked under steps layout 3 or later, records.ts STEPS_LAYOUT). Errors: what a
   * journal's amounts cannot be written as.
   */
  balanceItems(companyId: string, posted: readonly PostedJournal[], figuresOf: FiguresOfPosting, packDays: boolean): StoredItem[];
  /** A posted journal's ledger items, holding `entries` (journals/rules.ts ledgerEntries). */
  ledgerItems(companyId: string, journal: PostedJournal, entries: LedgerEntries): StoredItem[];
  /** The item recording that a group of the job's journals names a node (it holds off the node's delete). */
  usageItem(kind: NodeImportKind, companyId: string, nodeId: string, groupId: string, journalIds: readonly string[], importId: string): StoredItem;
  /** Of these nodes, those gone, being deleted or no longer usable in a journal line (a category account, an inactive cost center). */
  unusableNodes(kind: NodeImportKind, companyId: string, ids: readonly string[]): Promise<string[]>;
  /** At commit, these periods of the year are open. */
  periodsOpenCheck(companyId: string, yearId: string, periodIds: string[]): Change;
  /** A posting under way into the period counted (1) or ended (-1): Lock and Close wait for none. */
  periodPostingsChange(companyId: string, periodId: string, delta: 1 | -1): Change;
  /** A job under way in the company counted (1) or ended (-1): reports wait for none. */
  jobUnderWayChange(companyId: string, delta: 1 | -1): Change;
}
