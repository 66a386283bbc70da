import { getYearView } from '../../shared/financial-years/read-years.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';

export const handler = endpoint(routes.financialYears.get, (r) => getYearView(r.params.companyId, r.params.id));
