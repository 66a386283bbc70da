import { costCenters } from '../../shared/cost-centers/cost-center-kind.ts';
import type { CreateCostCenterInput } from '../../shared/cost-centers/schemas.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { createNode } from '../../shared/tree/use-cases.ts';

export const handler = endpoint<CreateCostCenterInput>('costCenters.create', (r) => createNode(costCenters, r.uow, r.params.companyId!, r.body));
