import { journalApproving } from '../../shared/db/stores/journal-approval-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as journalsRoutes from '../../shared/routes/journals.ts';
import { submitJournal } from '../../shared/journals/approve-journal.ts';

export const handler = writeEndpoint(journalsRoutes.submit, (r) => submitJournal(journalApproving, r.uow, r.params.companyId, r.params.id, r.body.version));
