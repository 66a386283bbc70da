import { retentionYears } from '../companies/document-retention.ts';
import { NotFound, ValidationError } from '../errors.ts';
import { ChartIndex } from './chart-index.ts';
import { namedAttachmentIds } from './journal-attachments.ts';
import { importTax } from './journal-tax.ts';
import { planJournals, planOpeningBalances, type JournalBooks, type PlannedJournal } from './plan-journals.ts';
import type { ImportJob, RowError } from './records.ts';
import type { ImportPlan } from './job-steps.ts';
import type { SourceRow } from './read-rows.ts';
import type { ImportWork } from './store.ts';
import { windDownJournals, writeJournals } from './write-journals.ts';

/**
 * The plan of a journals or opening-balances import: what the check needs read once (settings,
 * both trees, the years, the references already used, rates as asked, the tax codes,
 * counterparties and uploaded files a journals file names), the check itself
 * (plan-journals.ts), and its writer (write-journals.ts).
 * Errors: ValidationError naming `financialYearId` when the opening year no longer exists.
 */
export async function planJournalImport(work: ImportWork, job: ImportJob, companyId: string, rows: SourceRow[], readErrors: RowError[]): Promise<ImportPlan & { journals: readonly PlannedJournal[] }> {
  const named = job.kind === 'journals' ? namedAttachmentIds(rows) : [];
  const [found, accountNodes, centerNodes, years, marks, policy, files] = await Promise.all([
    work.settings(companyId),
    work.nodes('accounts', companyId),
    work.nodes('costCenters', companyId),
    work.years(companyId),
    work.journalMarks(companyId),
    work.approvalPolicy(companyId),
    named.length > 0 ? work.companyAttachments(companyId, named) : [],
  ]);
  const settings = found ?? NotFound.throw('The company settings');
  const rates = new Map<string, Promise<string | undefined>>();
  const accounts = new ChartIndex(accountNodes);
  const books: JournalBooks = {
    importId: job.id,
    baseCurrency: settings.baseCurrency,
    decimalPrecision: settings.decimalPrecision,
    fxRoundingAccountId: settings.fxRoundingAccountId,
    accounts,
    costCenters: new ChartIndex(centerNodes),
    years,
    marks,
    rateOn: (currency, date) => {
      const key = `${currency} ${date}`;
      if (!rates.has(key)) rates.set(key, work.rateOn(companyId, currency, date));
      return rates.get(key)!;
    },
    tax: await importTax(work, companyId, settings, job.kind === 'journals' ? rows : [], accounts),
    approvalPolicy: policy && policy.rules.length > 0 ? policy : undefined,
    files: { named: new Map(files.map((f) => [f.id, f])), retentionYears: retentionYears(settings) },
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
