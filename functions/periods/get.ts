import { getPeriodView } from '../../shared/financial-years/read-years.ts';
import { endpoint } from '../../shared/http/endpoint.ts';

export const handler = endpoint('periods.get', (r) => getPeriodView(r.params.companyId!, r.params.id!, r.params.periodId!));
