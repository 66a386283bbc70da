import { auditVerifying } from '../../shared/db/stores/audit-verify-ports.ts';
import { verifyAudit } from '../../shared/audit/verify.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as auditRoutes from '../../shared/routes/audit.ts';

export const handler = readEndpoint(auditRoutes.verify, (r) => verifyAudit(auditVerifying, r.params.companyId, r.query));
