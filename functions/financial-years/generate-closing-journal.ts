import { generateClosingJournal } from '../../shared/financial-years/generate-closing-journal.ts';
import { endpoint } from '../../shared/http/endpoint.ts';

export const handler = endpoint('financialYears.generateClosingJournal', (r) => generateClosingJournal(r.uow, r.params.companyId!, r.params.id!));
