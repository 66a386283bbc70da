import { toMils } from '../money/mils.ts';
import type { JournalRecord } from './records.ts';
import { totals } from './rules.ts';

/**
 * The journal list's filters that no index or expression answers: lines on an account or cost
 * center (a category: anything in its subtree), the total, the reference. Pure: the use case
 * resolves references to id sets first (read-journals.ts).
 */
export interface JournalLineFilter {
  /** Accounts a line must be on: the named account, or every account under the named category. */
  accountIds?: ReadonlySet<string> | undefined;
  /** Cost centers a line must carry, likewise. With accountIds, one line must match both. */
  costCenterIds?: ReadonlySet<string> | undefined;
  /** Bounds on the journal's total (its debits in the base currency), in mils, inclusive. */
  amountFrom?: bigint | undefined;
  amountTo?: bigint | undefined;
  /** The reference, compared whole, ignoring case and surrounding spaces. */
  reference?: string | undefined;
}

export const isEmptyFilter = (filter: JournalLineFilter): boolean => Object.values(filter).every((value) => value === undefined);

export function journalMatches(filter: JournalLineFilter, journal: JournalRecord): boolean {
  if (filter.reference !== undefined && journal.reference?.trim().toLowerCase() !== filter.reference.trim().toLowerCase()) return false;
  if (filter.accountIds || filter.costCenterIds) {
    const onLine = journal.entries.some(
      (line) => (!filter.accountIds || filter.accountIds.has(line.accountId)) && (!filter.costCenterIds || (line.costCenterId !== null && filter.costCenterIds.has(line.costCenterId))),
    );
    if (!onLine) return false;
  }
  if (filter.amountFrom !== undefined || filter.amountTo !== undefined) {
    const total = toMils(totals(journal.entries).debit);
    if (filter.amountFrom !== undefined && total < filter.amountFrom) return false;
    if (filter.amountTo !== undefined && total > filter.amountTo) return false;
  }
  return true;
}
