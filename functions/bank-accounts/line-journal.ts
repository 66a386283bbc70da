import { lineJournaling } from '../../shared/db/stores/line-journal-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as bankAccountsRoutes from '../../shared/routes/bank-accounts.ts';
import { journalFromLine } from '../../shared/reconciliation/line-journal.ts';

export const handler = writeEndpoint(bankAccountsRoutes.lineJournal, (r) => journalFromLine(lineJournaling, r.uow, r.params.companyId, r.params.id, r.permissions ?? [], r.body));
