import { mergedLedgerLines } from '../db/ledger/merged-ledger-stream.ts';
import type { LedgerRow } from '../journals/ledger-entries.ts';

/** Every line of the leaves' ledgers in the range (on the cost center, that `shown` accepts), merged in ledger order, read as the consumer pulls them. */
export function streamOfLines(companyId: string, leafIds: string[], range: { from: string; to: string }, costCenterId: string | undefined, shown?: (row: LedgerRow) => boolean): AsyncGenerator<LedgerRow> {
  return mergedLedgerLines(companyId, leafIds, range, (row) => (!costCenterId || row.costCenterId === costCenterId) && (!shown || shown(row)));
}
