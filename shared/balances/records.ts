/**
 * The running balances as reports read them: sums over buckets, shards added, exact in mils.
 * Pure types; shared/db/ledger/balance-store.ts and balance-reads.ts write and read the items.
 */
export interface Sums {
  debit: bigint;
  credit: bigint;
  /** Foreign-currency balances only: debit minus credit of the base amounts of the same lines (and of revaluations of the currency). */
  base?: bigint;
  /** VAT return figures only: the taxable amounts and the tax counting in the group's box (signed as journals/posting-figures.ts taxDeltas). */
  taxable?: bigint;
  tax?: bigint;
}

/** Sums by account. */
export type AccountSums = Map<string, Sums>;

/**
 * Which balances to read: account totals, one cost center's, every cost center's apart, or the
 * account totals with their figures in each foreign currency (`currencies`: TOTAL_GROUP in base,
 * beside a group per currency in that currency's units, from the same items), or the account
 * totals with the VAT return's figures (`taxes`: a group per return box, its taxable and tax).
 */
export type BalanceScope = { kind: 'total' } | { kind: 'costCenter'; costCenterId: string } | { kind: 'byCostCenter' } | { kind: 'currencies' } | { kind: 'taxes' };

/** The group of account totals (cost-center groups are the cost centers' ids). */
export const TOTAL_GROUP = '-';

/** Sums by group (the cost center id; TOTAL_GROUP for account totals; the currency for foreign-currency balances), then by account. */
export type GroupedSums = Map<string, AccountSums>;

/** One account's balance in one period, as decimal text. */
export interface Balance {
  debit: string;
  credit: string;
}

