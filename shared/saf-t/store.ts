import type { CostCenterAttributes } from '../cost-centers/records.ts';
import type { CounterpartyRecord } from '../counterparties/records.ts';
import type { EventNumbering } from '../events/store.ts';
import type { LedgerOrder, LedgerRow } from '../journals/ledger-entries.ts';
import type { JournalRecord } from '../journals/records.ts';
import type { ReportBooks } from '../reports/store.ts';
import type { TaxCodeRecord } from '../tax-codes/records.ts';
import type { NodeRecord } from '../tree/records.ts';

/**
 * What the SAF-T export needs of the books, in its own words (numbering events first: every
 * journal posted before the file carries its entry number); shared/db implements it
 * (db/stores/saf-t-ports.ts).
 */
export interface SafTReads extends ReportBooks, EventNumbering {
  /** The company's name; undefined when it is gone. */
  companyName(companyId: string): Promise<string | undefined>;
  /** Every line of these accounts' ledgers posted in the range that `keep` accepts, in ledger order (posting date, serial number, journal, account, line). */
  mergedLines(companyId: string, accountIds: readonly string[], range: { from: string; to: string }, keep: (row: LedgerRow) => boolean, before: LedgerOrder): AsyncIterable<LedgerRow>;
  /** The journals with these ids that exist (strongly consistent). */
  journals(companyId: string, journalIds: readonly string[]): Promise<JournalRecord[]>;
  /** The counterparties with these ids that exist. */
  counterparties(companyId: string, counterpartyIds: string[]): Promise<CounterpartyRecord[]>;
  /** The tax codes with these ids that exist. */
  taxCodes(companyId: string, taxCodeIds: string[]): Promise<TaxCodeRecord[]>;
  /** Every cost center of the company. */
  costCenters(companyId: string): Promise<Array<NodeRecord<CostCenterAttributes>>>;
}
