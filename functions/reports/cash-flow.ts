import { cashFlowReads } from '../../shared/db/stores/report-closing-ports.ts';
import { answer } from '../../shared/http/file-answers.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as reportsRoutes from '../../shared/routes/reports.ts';
import { cashFlow } from '../../shared/reports/cash-flow.ts';

export const handler = readEndpoint(reportsRoutes.cashFlow, (r) => answer(r, () => cashFlow(cashFlowReads, r.params.companyId, r.query), async () => (await import('../../shared/exports/tables/cash-flow.ts')).cashFlowTable));
