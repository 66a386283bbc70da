import { costCenters } from '../../shared/cost-centers/cost-center-kind.ts';
import { nodeAdding } from '../../shared/db/stores/nodes/node-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as costCentersRoutes from '../../shared/routes/cost-centers.ts';
import { createNode } from '../../shared/tree/use-cases.ts';
import { costCenterNodes } from '../../shared/db/stores/nodes/kind-stores.ts';

export const handler = endpoint(costCentersRoutes.create, (r) => createNode(costCenters, nodeAdding(costCenterNodes), r.uow, r.params.companyId, r.body));
