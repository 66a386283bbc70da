import { journalNumbers } from '../../shared/audit/journal-numbers.ts';
import { journalNumberReads } from '../../shared/db/stores/journal-number-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as auditRoutes from '../../shared/routes/audit.ts';

export const handler = readEndpoint(auditRoutes.journalNumbers, (r) => journalNumbers(journalNumberReads, r.params.companyId));
