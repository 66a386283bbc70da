import { costCenters } from '../../shared/cost-centers/cost-center-kind.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { getNode } from '../../shared/tree/use-cases.ts';

export const handler = endpoint(routes.costCenters.get, (r) => getNode(costCenters, r.params.companyId, r.params.id));
