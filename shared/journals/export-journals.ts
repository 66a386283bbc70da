import { ValidationError } from '../errors.ts';
import type { FileChoice } from '../exports/answer.ts';
import { namesShown } from '../exports/names-shown.ts';
import { renderFile } from '../exports/render.ts';
import { journalsTable } from '../exports/tables/journals.ts';
import type { ReportTable } from '../exports/table.ts';
import type { FileBody } from '../exports/file-body.ts';
import { reportContext } from '../reports/report-context.ts';
import { costCenterPaths } from '../reports/report-nodes.ts';
import { journalFilters } from './read-journals.ts';
import type { ListJournalsInput } from './schemas.ts';
import type { JournalExporting } from './store.ts';

/**
 * The journals the list's filters select (dateFrom, dateTo, status, keyword), every one of them
 * rather than a page, as a CSV or XLSX file of their lines. A file lists them by date, oldest
 * first (the order of the books, and the one a too-large export's narrower range counts in),
 * whatever orderBy and orderAsc say; a cursor makes no sense for it.
 * Errors: ValidationError (`page`), ExportTooLarge.
 */
export async function exportJournals(journals: JournalExporting, companyId: string, query: ListJournalsInput, choice: FileChoice): Promise<FileBody> {
  if (query.page) throw ValidationError.field('page', 'is not taken by an export, which holds every journal the filters select');
  return renderFile(await journalsExportTable(journals, companyId, query, choice), choice, query.dateFrom);
}

/** The table of the journals the filters select, read as the renderer pulls its rows (the bench renders it too). */
export async function journalsExportTable(reads: JournalExporting, companyId: string, query: ListJournalsInput, choice: Pick<FileChoice, 'language' | 'permissions'>): Promise<ReportTable> {
  const shown = namesShown(choice.permissions);
  const [ctx, centers, filters] = await Promise.all([reportContext(reads, companyId), shown.costCenters ? costCenterPaths(reads, companyId) : new Map<string, string>(), journalFilters(reads, companyId, query)]);
  const books = { chart: ctx.chart, costCenterPaths: centers, currency: ctx.currency, precision: ctx.precision, shown };
  return journalsTable(reads.all(companyId, filters), books, query, choice.language);
}
