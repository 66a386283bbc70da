import { costCenters } from '../../shared/cost-centers/cost-center-kind.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { deleteNode } from '../../shared/tree/use-cases.ts';

export const handler = endpoint(routes.costCenters.delete, (r) =>
  deleteNode(costCenters, r.uow, r.params.companyId, r.params.id, r.body.version),
);
