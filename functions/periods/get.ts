import { yearReads } from '../../shared/db/stores/year-ports.ts';
import { getPeriodView } from '../../shared/financial-years/read-years.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as periodsRoutes from '../../shared/routes/periods.ts';

export const handler = readEndpoint(periodsRoutes.get, (r) => getPeriodView(yearReads, r.params.companyId, r.params.id, r.params.periodId));
