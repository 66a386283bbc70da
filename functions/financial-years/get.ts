import { yearReads } from '../../shared/db/stores/year-ports.ts';
import { getYearView } from '../../shared/financial-years/read-years.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as financialYearsRoutes from '../../shared/routes/financial-years.ts';

export const handler = readEndpoint(financialYearsRoutes.get, (r) => getYearView(yearReads, r.params.companyId, r.params.id));
