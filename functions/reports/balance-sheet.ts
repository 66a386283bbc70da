import { balanceSheetReads } from '../../shared/db/stores/report-ports.ts';
import { answer } from '../../shared/http/file-answers.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as reportsRoutes from '../../shared/routes/reports.ts';
import { balanceSheet } from '../../shared/reports/balance-sheet.ts';

export const handler = readEndpoint(reportsRoutes.balanceSheet, (r) => answer(r, () => balanceSheet(balanceSheetReads, r.params.companyId, r.query), async () => (await import('../../shared/exports/tables/balance-sheet.ts')).balanceSheetTable));
