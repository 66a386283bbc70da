import { costCenters } from '../../shared/cost-centers/cost-center-kind.ts';
import type { UpdateCostCenterInput } from '../../shared/cost-centers/schemas.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { updateNode } from '../../shared/tree/use-cases.ts';

export const handler = endpoint<UpdateCostCenterInput>('costCenters.update', (r) => updateNode(costCenters, r.uow, r.params.companyId!, r.params.id!, r.body));
