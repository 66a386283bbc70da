import { ftaAuditFileReads } from '../../shared/db/stores/fta-audit-file-ports.ts';
import { answerFileOnly } from '../../shared/http/file-answers.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as reportsRoutes from '../../shared/routes/reports.ts';
import { ftaAuditFile } from '../../shared/reports/fta-audit-file.ts';

export const handler = readEndpoint(reportsRoutes.ftaAuditFile, (r) => answerFileOnly(r, 'csv', (choice) => ftaAuditFile(ftaAuditFileReads, r.params.companyId, r.query, choice)));
