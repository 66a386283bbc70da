import { generateClosingJournal } from '../../shared/financial-years/generate-closing-journal.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';

export const handler = endpoint(routes.financialYears.generateClosingJournal, (r) => generateClosingJournal(r.uow, r.params.companyId, r.params.id));
