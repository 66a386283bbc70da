import type { ReconciliationReads } from '../../reconciliation/store.ts';
import { ledgerLines } from '../ledger/ledger-store.ts';

/** A bank account's ledger lines posted up to a date, as reconciliation reads them (at most `limit + 1`). */
export const ledgerUpTo: ReconciliationReads['ledgerUpTo'] = (companyId, accountId, date, limit, before) => ledgerLines(companyId, accountId, { from: '0000-01-01', to: date }, undefined, limit + 1, () => true, before);
