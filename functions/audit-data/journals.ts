import { glJournals } from '../../shared/audit-data/gl-journals.ts';
import { glJournalReads } from '../../shared/db/stores/gl-journal-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as auditDataRoutes from '../../shared/routes/audit-data.ts';

export const handler = readEndpoint(auditDataRoutes.journals, (r) => glJournals(glJournalReads, r.params.companyId, r.query));
