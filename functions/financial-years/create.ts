import { yearCreating } from '../../shared/db/stores/year-ports.ts';
import { createYear } from '../../shared/financial-years/create-year.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as financialYearsRoutes from '../../shared/routes/financial-years.ts';

export const handler = endpoint(financialYearsRoutes.create, (r) => createYear(yearCreating, r.uow, r.params.companyId, r.body));
