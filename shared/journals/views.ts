import type { JournalRecord } from '../db/journal-store.ts';
import { amountToNumber } from '../money/amount.ts';
import { totals } from './rules.ts';

export interface JournalView {
  id: string;
  serialNumber: number;
  date: string;
  description: string | null;
  reference: string | null;
  entries: Array<{ accountId: string; costCenterId: string | null; side: 1 | 2; amount: number }>;
  totals: { debit: number; credit: number };
  status: JournalRecord['status'];
  postingDate: string | null;
  financialYearId: string | null;
  periodId: string | null;
  reversalOf: string | null;
  reversedBy: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export function journalView(j: JournalRecord): JournalView {
  const sums = totals(j.entries);
  return {
    id: j.id,
    serialNumber: j.serialNumber,
    date: j.date,
    description: j.description ?? null,
    reference: j.reference ?? null,
    entries: j.entries.map((l) => ({ accountId: l.accountId, costCenterId: l.costCenterId, side: l.side, amount: amountToNumber(l.amount) })),
    totals: { debit: amountToNumber(sums.debit), credit: amountToNumber(sums.credit) },
    status: j.status,
    postingDate: j.postingDate ?? null,
    financialYearId: j.financialYearId ?? null,
    periodId: j.periodId ?? null,
    reversalOf: j.reversalOf ?? null,
    reversedBy: j.reversedBy ?? null,
    version: j.version,
    createdAt: j.createdAt,
    updatedAt: j.updatedAt,
  };
}
