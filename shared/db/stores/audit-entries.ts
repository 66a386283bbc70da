import type { EntryPlace } from '../../audit/balance-rules.ts';
import type { LedgerLine } from '../../journals/rules.ts';
import { batchGetItems } from '../table/batch-get.ts';
import { ledgerKeys } from '../table/keys.ts';

/** The key of an (account, period) pair in the maps the balance audit and its reads (audit-figures.ts) share. */
export const pairKey = (accountId: string, periodId: string) => `${accountId} ${periodId}`;

/**
 * The lines of ledger entries read by key (strongly consistent), in the order asked; null where
 * there is none. What the audit compares with the journals it walked: their own entries, not
 * the rest of the account's ledger.
 */
export async function ledgerEntriesAt(companyId: string, places: readonly EntryPlace[]): Promise<Array<LedgerLine[] | null>> {
  const itemKeys = places.map((p) => ledgerKeys.ledgerEntry(companyId, p.accountId, p.postingDate, p.serialNumber, p.journalId));
  // A batch may not name a key twice.
  const distinct = [...new Map(itemKeys.map((k) => [`${k.pk} ${k.sk}`, k])).values()];
  const found = await batchGetItems(distinct, { consistent: true, attributes: ['pk', 'sk', 'lines'] });
  const byKey = new Map(found.map((item) => [`${String(item.pk)} ${String(item.sk)}`, item.lines as LedgerLine[]]));
  return itemKeys.map((k) => byKey.get(`${k.pk} ${k.sk}`) ?? null);
}
