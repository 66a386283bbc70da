import { closingJournalWriting } from '../../shared/db/stores/closing-journal-ports.ts';
import { generateClosingJournal } from '../../shared/financial-years/generate-closing-journal.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as financialYearsRoutes from '../../shared/routes/financial-years.ts';

export const handler = endpoint(financialYearsRoutes.generateClosingJournal, (r) => generateClosingJournal(closingJournalWriting, r.uow, r.params.companyId, r.params.id));
