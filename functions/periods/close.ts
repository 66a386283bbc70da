import { periodChanging } from '../../shared/db/stores/year-closing-ports.ts';
import { changePeriod } from '../../shared/financial-years/period-transitions.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as periodsRoutes from '../../shared/routes/periods.ts';

/** Serves both POST and PUT .../Close (the spec lists both); they share the idempotent operation. */
export const handler = endpoint(periodsRoutes.close, (r) =>
  changePeriod(periodChanging, r.uow, r.params.companyId, r.params.id, r.params.periodId, r.body.version, 'Close'),
);
