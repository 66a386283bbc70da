import { budgetVsActualReads } from '../../shared/db/stores/report-closing-ports.ts';
import { answer } from '../../shared/http/file-answers.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import { actorOf } from '../../shared/http/principal-of.ts';
import * as reportsRoutes from '../../shared/routes/reports.ts';
import { budgetVsActual } from '../../shared/reports/budget-vs-actual.ts';

export const handler = readEndpoint(reportsRoutes.budgetVsActual, (r) => answer(r, () => budgetVsActual(budgetVsActualReads, r.params.companyId, r.query, actorOf(r).permissions), async () => (await import('../../shared/exports/tables/budget-vs-actual.ts')).budgetVsActualTable));
