import { createYear } from '../../shared/financial-years/create-year.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';

export const handler = endpoint(routes.financialYears.create, (r) => createYear(r.uow, r.params.companyId, r.body));
