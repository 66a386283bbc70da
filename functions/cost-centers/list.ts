import { costCenters } from '../../shared/cost-centers/cost-center-kind.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as costCentersRoutes from '../../shared/routes/cost-centers.ts';
import { listNodes } from '../../shared/tree/use-cases.ts';
import { costCenterNodes } from '../../shared/db/stores/nodes/kind-stores.ts';

export const handler = readEndpoint(costCentersRoutes.list, (r) =>
  listNodes(costCenters, costCenterNodes, r.params.companyId, r.route.name, r.query),
);
