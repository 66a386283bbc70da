import { changePeriod } from '../../shared/financial-years/period-transitions.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';

export const handler = endpoint(routes.periods.lock, (r) =>
  changePeriod(r.uow, r.params.companyId, r.params.id, r.params.periodId, r.body.version, 'Lock'),
);
