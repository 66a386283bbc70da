import { glChartOfAccounts } from '../../shared/audit-data/gl-accounts.ts';
import { glAccountReads } from '../../shared/db/stores/gl-account-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as auditDataRoutes from '../../shared/routes/audit-data.ts';

export const handler = readEndpoint(auditDataRoutes.accounts, (r) => glChartOfAccounts(glAccountReads, r.params.companyId, r.route.name, r.query));
