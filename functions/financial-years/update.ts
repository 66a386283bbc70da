import { yearReplacing } from '../../shared/db/stores/year-ports.ts';
import { updateYear } from '../../shared/financial-years/change-year.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as financialYearsRoutes from '../../shared/routes/financial-years.ts';

export const handler = endpoint(financialYearsRoutes.update, (r) => updateYear(yearReplacing, r.uow, r.params.companyId, r.params.id, r.body));
