import { yearList } from '../../shared/db/stores/year-ports.ts';
import { listYears } from '../../shared/financial-years/read-years.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as financialYearsRoutes from '../../shared/routes/financial-years.ts';

export const handler = endpoint(financialYearsRoutes.list, (r) => listYears(yearList, r.params.companyId, r.query));
