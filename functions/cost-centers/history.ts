import { recordHistory } from '../../shared/audit/history.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { costCentersRoutes } from '../../shared/routes/cost-centers.ts';

export const handler = endpoint(costCentersRoutes.history, (r) => recordHistory(r.params.companyId, 'costCenter', r.params.id, r.query));
