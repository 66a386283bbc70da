import { changePeriod } from '../../shared/financial-years/period-transitions.ts';
import { endpoint } from '../../shared/http/endpoint.ts';

/** Serves both POST and PUT .../Close (the spec lists both); they share the idempotent operation. */
export const handler = endpoint<{ version: number }>(['periods.close', 'periods.closeByPut'], (r) =>
  changePeriod(r.uow, r.params.companyId!, r.params.id!, r.params.periodId!, r.body.version, 'Close'),
);
