import type { LedgerJournal } from '../../journals/ledger-entries.ts';
import type { Posting } from '../../journals/records.ts';
import { balanceDeltas, currencyDeltas, taxDeltas } from '../../journals/rules.ts';
import type { WriteOp } from '../table/transact.ts';
import { balanceOps } from './balance-store.ts';
import { ledgerOps } from './ledger-store.ts';
import type { Placed } from './placement.ts';

/**
 * The items a posting writes on the books, apart from the job that writes a wide one in chunks
 * (wide-posting.ts), so a write that posts only in one transaction (a revaluation that fits one)
 * loads no job steps.
 */

/** The balance (base, foreign-currency and VAT return figures) and ledger writes of a posting (sign 1) or of taking it back (-1), always in one order. */
export function postingItemOps(companyId: string, journal: Placed<LedgerJournal & Posting>, sign: 1 | -1): WriteOp[] {
  return [
    ...balanceOps(companyId, journal, balanceDeltas(journal.entries, sign), currencyDeltas(journal.entries, sign), taxDeltas(journal.entries, sign)),
    ...ledgerOps(companyId, journal, sign),
  ];
}
