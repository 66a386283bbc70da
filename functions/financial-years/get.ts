import { getYearView } from '../../shared/financial-years/read-years.ts';
import { endpoint } from '../../shared/http/endpoint.ts';

export const handler = endpoint('financialYears.get', (r) => getYearView(r.params.companyId!, r.params.id!));
