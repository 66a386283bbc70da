import { costCenters } from '../../shared/cost-centers/cost-center-kind.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import { byPath } from '../../shared/http/path-references.ts';
import * as costCentersRoutes from '../../shared/routes/cost-centers.ts';
import { getNode } from '../../shared/tree/use-cases.ts';
import { costCenterNodes } from '../../shared/db/stores/nodes/kind-stores.ts';

export const handler = readEndpoint(costCentersRoutes.get, (r) => getNode(costCenters, costCenterNodes, r.params.companyId, r.params.id), byPath({ id: costCenterNodes }));
