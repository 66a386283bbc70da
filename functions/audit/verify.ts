import { verifyAudit } from '../../shared/audit/verify.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as auditRoutes from '../../shared/routes/audit.ts';

export const handler = endpoint(auditRoutes.verify, (r) => verifyAudit(r.params.companyId, r.query));
