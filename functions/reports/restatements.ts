import { restatementReads } from '../../shared/db/stores/audit-ports.ts';
import { restatements } from '../../shared/audit/restatements.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as reportsRoutes from '../../shared/routes/reports.ts';

export const handler = readEndpoint(reportsRoutes.restatements, (r) => restatements(restatementReads, r.params.companyId, r.query));
