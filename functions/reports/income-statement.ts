import { incomeStatementReads } from '../../shared/db/stores/report-closing-ports.ts';
import { answer } from '../../shared/http/file-answers.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as reportsRoutes from '../../shared/routes/reports.ts';
import { incomeStatement } from '../../shared/reports/income-statement.ts';

export const handler = readEndpoint(reportsRoutes.incomeStatement, (r) => answer(r, () => incomeStatement(incomeStatementReads, r.params.companyId, r.query), async () => (await import('../../shared/exports/tables/income-statement.ts')).incomeStatementTable));
