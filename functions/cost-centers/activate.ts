import { nodeReplacing } from '../../shared/db/stores/nodes/node-ports.ts';
import { changeCostCenterStatus } from '../../shared/cost-centers/change-status.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import { byPath } from '../../shared/http/path-references.ts';
import * as costCentersRoutes from '../../shared/routes/cost-centers.ts';
import { costCenterNodes } from '../../shared/db/stores/nodes/kind-stores.ts';

export const handler = writeEndpoint(costCentersRoutes.activate, (r) => changeCostCenterStatus(nodeReplacing(costCenterNodes), r.uow, r.params.companyId, r.params.id, r.body.version, 'Activate'), byPath({ id: costCenterNodes }));
