import { costCenters } from '../../shared/cost-centers/cost-center-kind.ts';
import { nodeUpdating } from '../../shared/db/stores/nodes/node-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import { byPath } from '../../shared/http/path-references.ts';
import * as costCentersRoutes from '../../shared/routes/cost-centers.ts';
import { updateNode } from '../../shared/tree/use-cases.ts';
import { costCenterNodes } from '../../shared/db/stores/nodes/kind-stores.ts';

export const handler = writeEndpoint(costCentersRoutes.update, (r) => updateNode(costCenters, nodeUpdating(costCenterNodes), r.uow, r.params.companyId, r.params.id, r.body), byPath({ id: costCenterNodes }));
