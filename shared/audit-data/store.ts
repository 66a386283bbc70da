import type { AccountAttributes } from '../accounts/records.ts';
import type { EventNumbering } from '../events/store.ts';
import type { JournalRecord } from '../journals/records.ts';
import type { ReportBooks, TrialBalanceReads } from '../reports/store.ts';
import type { PageBinding } from '../schemas/list-query.ts';
import type { NodeReads } from '../tree/store.ts';

/**
 * What the auditors' data API needs of the books, in its own words, one port per use case;
 * shared/db implements them (db/stores/audit-data-ports.ts).
 */

/**
 * Where a posted journal sits in the accounts' ledgers: its position (posting date, serial number
 * and id, the order the ledgers keep), and those fields apart.
 */
export interface JournalPlace {
  position: string;
  journalId: string;
  postingDate: string;
  serialNumber: number;
}

/**
 * The places one read of an account's ledger found under one of its partition keys, in ledger
 * order; `more` when entries follow the last (then it holds as many places as were asked for).
 */
export interface PlaceRun {
  places: JournalPlace[];
  more: boolean;
}

/** The journals (gl-journals.ts): the events' numbering (so every journal posted before has its entry number), the report books (chart, years, balances), the ledgers' places, the journals by id, the cursor. */
export interface GlJournalReads extends ReportBooks, EventNumbering {
  /** The places of the first `limit` entries of the account's ledger posted in the range after position `after`, one run per partition key. */
  journalPlaces(companyId: string, accountId: string, range: { from: string; to: string }, after: string | undefined, limit: number): Promise<PlaceRun[]>;
  /** The journals with these ids that exist (strongly consistent). */
  journals(companyId: string, journalIds: readonly string[]): Promise<JournalRecord[]>;
  /** A signed token for the place a page ended. */
  encodePlace(binding: PageBinding, place: Record<string, unknown>): Promise<string>;
  /** Errors: ValidationError (InvalidCursor) when the token was altered or belongs to another list. */
  decodePlace(binding: PageBinding, token: string): Promise<Record<string, unknown>>;
}

/** The trial balance (gl-trial-balance.ts): the trial balance report's reads (db/stores/report-ports.ts trialBalanceReads). */
export type GlTrialBalanceReads = TrialBalanceReads;

/** The chart of accounts (gl-accounts.ts): the accounts a page at a time, with their ancestors. */
export type GlAccountReads = Pick<NodeReads<AccountAttributes>, 'page' | 'chains'>;
