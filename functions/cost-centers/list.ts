import { costCenters } from '../../shared/cost-centers/cost-center-kind.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as costCentersRoutes from '../../shared/routes/cost-centers.ts';
import { listNodes } from '../../shared/tree/use-cases.ts';

export const handler = endpoint(costCentersRoutes.list, (r) =>
  listNodes(costCenters, r.params.companyId, r.route.name, r.query),
);
