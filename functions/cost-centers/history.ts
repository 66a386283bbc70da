import { historyReads } from '../../shared/db/stores/audit-ports.ts';
import { recordHistory } from '../../shared/audit/history.ts';
import { costCenterNodes } from '../../shared/db/stores/nodes/kind-stores.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import { byPath } from '../../shared/http/path-references.ts';
import * as costCentersRoutes from '../../shared/routes/cost-centers.ts';

export const handler = readEndpoint(costCentersRoutes.history, (r) => recordHistory(historyReads, r.params.companyId, 'costCenter', r.params.id, r.query), byPath({ id: costCenterNodes }));
