import { yearReads } from '../../shared/db/stores/year-ports.ts';
import { getYearView } from '../../shared/financial-years/read-years.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as financialYearsRoutes from '../../shared/routes/financial-years.ts';

export const handler = endpoint(financialYearsRoutes.get, (r) => getYearView(yearReads, r.params.companyId, r.params.id));
