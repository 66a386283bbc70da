import { changePeriod } from '../../shared/financial-years/period-transitions.ts';
import { endpoint } from '../../shared/http/endpoint.ts';

export const handler = endpoint<{ version: number }>('periods.lock', (r) =>
  changePeriod(r.uow, r.params.companyId!, r.params.id!, r.params.periodId!, r.body.version, 'Lock'),
);
