import { trialBalanceReads } from '../../shared/db/stores/report-ports.ts';
import { answer } from '../../shared/http/file-answers.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as reportsRoutes from '../../shared/routes/reports.ts';
import { trialBalance } from '../../shared/reports/trial-balance.ts';

export const handler = readEndpoint(reportsRoutes.trialBalance, (r) => answer(r, () => trialBalance(trialBalanceReads, r.params.companyId, r.query), async () => (await import('../../shared/exports/tables/trial-balance.ts')).trialBalanceTable));
