import { ValidationError } from '../errors.ts';
import type { FileChoice } from '../exports/answer.ts';
import { namesShown } from '../exports/names-shown.ts';
import { renderFile } from '../exports/render.ts';
import { generalLedgerTable } from '../exports/tables/general-ledger.ts';
import type { FileBody } from '../exports/file-body.ts';
import { wholeGeneralLedger } from './general-ledger.ts';
import { costCenterPaths } from './report-nodes.ts';
import type { GeneralLedgerInput } from './schemas.ts';
import { knownAtMoment } from './known-at-moment.ts';
import { whileBooksSteady } from './steady-books.ts';
import type { GeneralLedgerReads } from './store.ts';

/**
 * The account statement of the whole range as a CSV or XLSX file, its lines streamed from the
 * ledger into the file (never while a wide posting runs). A cursor makes no sense for a file.
 * Errors: ValidationError (`page`, the range), NotFound, BooksInMotion, ExportTooLarge.
 */
export async function exportGeneralLedger(books: GeneralLedgerReads, companyId: string, query: GeneralLedgerInput, choice: FileChoice): Promise<FileBody> {
  if (query.page) throw ValidationError.field('page', 'is not taken by an export, which holds the whole range');
  return whileBooksSteady(
    books,
    companyId,
    async (known) => {
      const shown = namesShown(choice.permissions);
      const [ledger, centers] = await Promise.all([wholeGeneralLedger(books, companyId, query, known), shown.costCenters ? costCenterPaths(books, companyId) : new Map<string, string>()]);
      return renderFile(generalLedgerTable(ledger, centers, shown, choice.language), choice, query.dateFrom);
    },
    { moment: knownAtMoment(books, companyId, query.knownAt, { whole: true }) },
  );
}
