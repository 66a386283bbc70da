import { revaluationCreating } from '../../shared/db/stores/revaluation-ports.ts';
import { postingPeriod } from '../../shared/financial-years/posting-rules.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as journalsRoutes from '../../shared/routes/journals.ts';
import { createRevaluation } from '../../shared/revaluations/create-revaluation.ts';

export const handler = endpoint(journalsRoutes.revalue, (r) => createRevaluation(revaluationCreating(postingPeriod), r.uow, r.params.companyId, r.body));
