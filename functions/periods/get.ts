import { getPeriodView } from '../../shared/financial-years/read-years.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';

export const handler = endpoint(routes.periods.get, (r) => getPeriodView(r.params.companyId, r.params.id, r.params.periodId));
