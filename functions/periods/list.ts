import { periodList } from '../../shared/db/stores/year-ports.ts';
import { listPeriods } from '../../shared/financial-years/read-years.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as periodsRoutes from '../../shared/routes/periods.ts';

export const handler = readEndpoint(periodsRoutes.list, (r) =>
  listPeriods(periodList, r.params.companyId, r.params.id, r.query),
);
