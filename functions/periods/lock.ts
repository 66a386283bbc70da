import { periodChanging } from '../../shared/db/stores/year-closing-ports.ts';
import { changePeriod } from '../../shared/financial-years/period-transitions.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as periodsRoutes from '../../shared/routes/periods.ts';

export const handler = writeEndpoint(periodsRoutes.lock, (r) =>
  changePeriod(periodChanging, r.uow, r.params.companyId, r.params.id, r.params.periodId, r.body.version, 'Lock'),
);
