import { safTReads } from '../../shared/db/stores/saf-t-ports.ts';
import { answerFileOnly } from '../../shared/http/file-answers.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as auditFilesRoutes from '../../shared/routes/audit-files.ts';
import { safTFile } from '../../shared/saf-t/saf-t-file.ts';

export const handler = readEndpoint(auditFilesRoutes.safT, (r) => answerFileOnly(r, 'xml', (choice) => safTFile(safTReads, r.params.companyId, r.query, choice)));
