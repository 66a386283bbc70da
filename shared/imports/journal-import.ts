import { accounts } from '../accounts/account-kind.ts';
import { getSettings } from '../companies/settings.ts';
import { costCenters } from '../cost-centers/cost-center-kind.ts';
import { rateInEffect } from '../db/stores/exchange-rate-store.ts';
import { journalMarks } from '../db/ledger/journal-references.ts';
import { getRegistry, getYear } from '../db/stores/year-store.ts';
import type { YearRecord } from '../financial-years/records.ts';
import { ValidationError } from '../errors.ts';
import { ChartIndex } from './chart-index.ts';
import { planJournals, planOpeningBalances, type JournalBooks } from './plan-journals.ts';
import type { ImportJob, RowError } from './records.ts';
import type { ImportPlan } from './job-steps.ts';
import type { SourceRow } from './read-rows.ts';
import { windDownJournals, writeJournals } from './write-journals.ts';

/**
 * The plan of a journals or opening-balances import: what the check needs read once (settings,
 * both trees, the years, the references already used, rates as asked), the check itself
 * (plan-journals.ts), and its writer (write-journals.ts).
 * Errors: ValidationError naming `financialYearId` when the opening year no longer exists.
 */
export async function planJournalImport(job: ImportJob, companyId: string, rows: SourceRow[], readErrors: RowError[]): Promise<ImportPlan> {
  const [settings, accountNodes, centerNodes, registry, marks] = await Promise.all([getSettings(companyId), accounts.store.all(companyId), costCenters.store.all(companyId), getRegistry(companyId), journalMarks(companyId)]);
  const years = (await Promise.all(Object.keys(registry.years).map((id) => getYear(companyId, id)))).filter((y): y is YearRecord => y !== undefined);
  const rates = new Map<string, Promise<string | undefined>>();
  const books: JournalBooks = {
    importId: job.id,
    baseCurrency: settings.baseCurrency,
    decimalPrecision: settings.decimalPrecision,
    fxRoundingAccountId: settings.fxRoundingAccountId,
    accounts: new ChartIndex(accountNodes),
    costCenters: new ChartIndex(centerNodes),
    years,
    marks,
    rateOn: (currency, date) => {
      const key = `${currency} ${date}`;
      if (!rates.has(key)) rates.set(key, rateInEffect(companyId, currency, date).then((r) => r?.rate));
      return rates.get(key)!;
    },
  };
  let plan;
  if (job.kind === 'openingBalances') {
    const year = years.find((y) => y.id === job.financialYearId);
    if (!year) throw ValidationError.field('financialYearId', 'names a financial year the company no longer has', 'NotFound');
    plan = await planOpeningBalances(books, rows, readErrors, year);
  } else {
    plan = await planJournals(books, rows, readErrors, job.post);
  }
  const journals = plan.journals;
  return {
    ...plan,
    rowsToWrite: journals.reduce((n, j) => n + j.rows.length, 0),
    units: journals.length,
    serials: journals.length,
    write: (steps) => writeJournals(steps, journals),
    windDown: (steps) => windDownJournals(steps, journals),
  };
}
