import { glTrialBalance } from '../../shared/audit-data/gl-trial-balance.ts';
import { trialBalanceReads } from '../../shared/db/stores/report-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as auditDataRoutes from '../../shared/routes/audit-data.ts';

export const handler = readEndpoint(auditDataRoutes.trialBalance, (r) => glTrialBalance(trialBalanceReads, r.params.companyId, r.query));
