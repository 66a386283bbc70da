import type { ActorRef } from '../auth/actor.ts';
import type { IMPORT_FORMATS, IMPORT_KINDS, IMPORT_MODES, IMPORT_STATUSES } from '../schemas/import-values.ts';

/**
 * An import job as the service keeps it (pure types; shared/db/stores/import-store.ts stores them).
 *
 *   queued ──worker claims──> running ──checked, written──> succeeded | partiallySucceeded | failed
 *
 * The worker checks every row first (dry runs stop there), then writes in steps, recording each
 * step on the job (`progress.step`) in the same write, so a worker that dies is followed by one
 * that starts at the first step not recorded and nothing is written twice.
 */
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** The kinds whose file is rows of named columns (CSV or JSON); a bank statement file is read by its own parsers, a whole SAF-T file (`safT`) as the rows of each of its parts. */
export type RowImportKind = Exclude<ImportKind, 'bankStatements' | 'safT'>;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export type ImportMode = (typeof IMPORT_MODES)[number];
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** One problem of the file: its 1-based data row (0: the file as a whole), the column or field, why, and a code. */
export interface RowError {
  row: number;
  field: string;
  reason: string;
  code: string;
}

export interface ImportCounts {
  /** Data rows of the file (the header row not counted). */
  rows: number;
  valid: number;
  invalid: number;
  /** Rows written by this job (a journal counts all its rows). */
  written: number;
  /** Valid rows already in the books (same code, parent and names; a journal reference already used; a budget of the same name in the year). */
  skippedDuplicates: number;
}

export interface ImportProgress {
  /** The rows were checked and the errors recorded (a resumed worker does not record them again). */
  checked: boolean;
  /** The first write step not yet applied. */
  step: number;
  /** How many errors the check found (the others were met while writing). */
  checkErrors?: number;
  /** How many write units (nodes, journals) the check planned: a resumed job must plan as many. */
  planned?: number;
  /** A journal import's first serial number: a block of numbers drawn once for the whole job. */
  serialBase?: number;
  /**
   * How the job's write steps are laid out, as it was checked (STEPS_LAYOUT): a job checked
   * before the layout changed (none: 1) is resumed in the steps it was numbered by.
   */
  layout?: number;
}

/**
 * The write steps' layout of jobs checked now (write-journals.ts): 2, a journals import's ledger
 * items put beside the group of transactions before theirs; 3, its day balance items packed, a
 * day's in one item (fewer puts, so fewer steps).
 */
export const STEPS_LAYOUT = 3;

export interface ImportJob {
  id: string;
  kind: ImportKind;
  format: ImportFormat;
  mode: ImportMode;
  dryRun: boolean;
  /** Journals: post each one on its posting date. */
  post: boolean;
  /** Journals: some row names files uploaded to the company (`attachmentIds`): its creator needs `attachments:create` too. */
  attachesFiles?: true | undefined;
  financialYearId?: string | undefined;
  /** budgetLines: the name of the budget the file becomes. */
  budgetName?: string | undefined;
  /** bankStatements: the bank account (its account's id) the statements are of. */
  bankAccountId?: string | undefined;
  /** bankStatements in CSV: what the file's lines do not say of their statement. */
  statement?: CsvStatement | undefined;
  status: ImportStatus;
  counts: ImportCounts;
  /** The first errors (every one is an error item, read page by page). */
  errors: RowError[];
  errorCount: number;
  /** The payload as stored: how many compressed pieces, and its size before and after compression. */
  payload: { chunks: number; bytes: number; storedBytes: number };
  createdBy: NonNullable<ActorRef>;
  createdAt: string;
  updatedAt: string;
  startedAt?: string | undefined;
  finishedAt?: string | undefined;
  progress: ImportProgress;
  /** Runs of the worker that failed in a row at one point of the job (`at`: the check, or a step), and the last failure. */
  faults?: { at: string; count: number; error: string } | undefined;
  /** Why the job stopped writing (its creator's access gone, failures past their bound): it is only wound down and ended. */
  stop?: RowError | undefined;
  /** The worker running it and until when its claim holds (renewed with each step). */
  lease?: { owner: string; until: string } | undefined;
}

/** How many errors the job itself lists; GET .../Imports/{id}/Errors pages through all of them. */
export const LISTED_ERRORS = 20;

export const noCounts = (): ImportCounts => ({ rows: 0, valid: 0, invalid: 0, written: 0, skippedDuplicates: 0 });

/** What an import needs to know of a journal already in the books. */
export interface JournalMark {
  id: string;
  reference?: string | undefined;
  status: string;
  openingOf?: string | undefined;
}

/** What a CSV statement's lines do not say: the bank's id for the statement and its balances. */
export interface CsvStatement {
  statementId: string;
  openingBalance: { amount: string; date: string };
  closingBalance: { amount: string; date: string };
}
