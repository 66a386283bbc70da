import { yearList } from '../../shared/db/stores/year-ports.ts';
import { listYears } from '../../shared/financial-years/read-years.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as financialYearsRoutes from '../../shared/routes/financial-years.ts';

export const handler = readEndpoint(financialYearsRoutes.list, (r) => listYears(yearList, r.params.companyId, r.query));
