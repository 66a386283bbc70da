import type { LedgerJournal } from '../../journals/ledger-entries.ts';
import type { Posting } from '../../journals/records.ts';
import type { PostingFigures } from '../../journals/posting-figures.ts';
import type { WriteOp } from '../table/transact.ts';
import { balanceOps } from './balance-store.ts';
import { ledgerOps } from './ledger-store.ts';
import type { Placed } from './placement.ts';

/**
 * The items a posting writes on the books, apart from the job that writes a wide one in chunks
 * (wide-posting.ts), so a write that posts only in one transaction (a revaluation that fits one)
 * loads no job steps.
 */

/** The op as one of a drawn placement's items (WriteOp.drawn). */
export const asDrawn = (op: WriteOp): WriteOp => ({ ...op, drawn: true });

/**
 * The balance (base, foreign-currency and VAT return figures) and ledger writes of a posting or of
 * taking it back (figures.sign), always in one order: `figures` are the use case's
 * (journals/posting-figures.ts postingFigures); the books compute none. `drawn`: the balance
 * items are of a placement the caller draws again on a conflict (WriteOp.drawn).
 */
export function postingItemOps(companyId: string, journal: Placed<LedgerJournal & Posting>, figures: PostingFigures, drawn = false): WriteOp[] {
  const balances = balanceOps(companyId, journal, figures.balances, figures.currencies, figures.taxes);
  return [...(drawn ? balances.map(asDrawn) : balances), ...ledgerOps(companyId, journal, figures.ledger, figures.sign)];
}
