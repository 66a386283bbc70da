import { accounts } from '../accounts/account-kind.ts';
import { getSettings } from '../companies/settings.ts';
import { costCenters } from '../cost-centers/cost-center-kind.ts';
import { readPeriodAccountTotals } from '../db/balance-store.ts';
import { mustGetYear } from '../db/year-store.ts';
import { NotFound } from '../errors.ts';
import { formatTotal } from '../money/amount.ts';
import { sumMils } from '../money/mils.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { TrialBalanceInput } from './schemas.ts';

/**
 * The trial balance of a financial year (or one of its periods, optionally within one cost
 * center), read from the running balances, never from journal lines. Amounts are decimal
 * strings padded to the company's precision and never rounded, so totals of any size stay exact.
 */
/** The report as answered: the type of its documented response schema. */
export type TrialBalance = ResponseOf<'TrialBalanceResponse'>;

/** Errors: NotFound (year, period, cost center, each named). */
export async function trialBalance(companyId: string, query: TrialBalanceInput): Promise<TrialBalance> {
  const year = await mustGetYear(companyId, query.financialYearId);
  const periods = query.periodId ? year.periods.filter((p) => p.id === query.periodId) : year.periods;
  if (periods.length === 0) throw new NotFound('The period', 'periodId');
  const costCenter = query.costCenterId ? await costCenters.store.resolve(companyId, query.costCenterId, 'costCenterId') : undefined;
  const settings = await getSettings(companyId);

  const sums = new Map<string, { debit: bigint; credit: bigint }>();
  const perPeriod = await Promise.all(periods.map((p) => readPeriodAccountTotals(companyId, p.id, costCenter?.id ?? null)));
  for (const totals of perPeriod) {
    for (const [accountId, t] of totals) {
      const sum = sums.get(accountId) ?? { debit: 0n, credit: 0n };
      sums.set(accountId, { debit: sum.debit + t.debit, credit: sum.credit + t.credit });
    }
  }
  const records = await accounts.store.getMany(companyId, [...sums.keys()]);
  const chains = await accounts.store.chains(companyId, records);
  const fixed = (mils: bigint) => formatTotal(mils, settings.decimalPrecision);
  const rows = records
    .map((record) => {
      const view = accounts.view(record, chains.get(record.id)!);
      const sum = sums.get(record.id)!;
      return {
        accountId: view.id,
        code: view.code,
        path: view.path,
        name: view.name,
        classification: view.classification,
        debit: fixed(sum.debit),
        credit: fixed(sum.credit),
        net: fixed(sum.debit - sum.credit),
      };
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const total = (side: 'debit' | 'credit') => fixed(sumMils(rows.map((r) => sums.get(r.accountId)![side])));
  return {
    financialYearId: year.id,
    periodId: query.periodId ?? null,
    costCenterId: costCenter?.id ?? null,
    currency: settings.baseCurrency,
    rows,
    totals: { debit: total('debit'), credit: total('credit') },
  };
}
