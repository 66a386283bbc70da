import { listYears } from '../../shared/financial-years/read-years.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import type { ListQuery } from '../../shared/schemas/list-query.ts';

export const handler = endpoint<unknown, ListQuery<'StartDate'>>('financialYears.list', (r) => listYears(r.params.companyId!, r.query));
