import { changeCostCenterStatus } from '../../shared/cost-centers/change-status.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';

export const handler = endpoint(routes.costCenters.activate, (r) =>
  changeCostCenterStatus(r.uow, r.params.companyId, r.params.id, r.body.version, 'Activate'),
);
