import { costCenters } from '../../shared/cost-centers/cost-center-kind.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import type { ListQuery } from '../../shared/schemas/list-query.ts';
import { listNodes } from '../../shared/tree/use-cases.ts';

export const handler = endpoint<unknown, ListQuery<'Code' | 'CreatedAt'>>('costCenters.list', (r) =>
  listNodes(costCenters, r.params.companyId!, r.route.name, r.query),
);
