import { balanceKeys, ledgerKeys } from '../table/keys.ts';
import * as keys from '../table/keys.ts';

/**
 * Layout 7: balance items and ledger entries under partition keys of their own, not the
 * company's. Where a company's such items may be, of any layout: the rebuild keeps what the
 * journals make there and deletes the rest.
 */
export function ledgerItemPlaces(companyId: string): Array<{ at: string; prefix: string }> {
  const beforeLayout7 = keys.company(companyId).pk;
  return [
    ...[beforeLayout7, ...balanceKeys.partitions(companyId)].map((at) => ({ at, prefix: balanceKeys.everyBalancePrefix() })),
    ...[beforeLayout7, ...ledgerKeys.partitions(companyId)].map((at) => ({ at, prefix: ledgerKeys.everyLedgerPrefix() })),
  ];
}
