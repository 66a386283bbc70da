import { listPeriods } from '../../shared/financial-years/read-years.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import type { ListQuery } from '../../shared/schemas/list-query.ts';

export const handler = endpoint<unknown, ListQuery<'StartDate'>>('periods.list', (r) =>
  listPeriods(r.params.companyId!, r.params.id!, r.query),
);
