import { historyReads } from '../../shared/db/stores/audit-ports.ts';
import { recordHistory } from '../../shared/audit/history.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as approvalPoliciesRoutes from '../../shared/routes/approval-policies.ts';

export const handler = readEndpoint(approvalPoliciesRoutes.history, (r) => recordHistory(historyReads, r.params.companyId, 'approvalPolicy', r.params.companyId, r.query));
