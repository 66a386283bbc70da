import { budgetReplacing } from '../../shared/db/stores/budget-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as budgetsRoutes from '../../shared/routes/budgets.ts';
import { updateBudget } from '../../shared/budgets/budgets.ts';

export const handler = writeEndpoint(budgetsRoutes.update, (r) => updateBudget(budgetReplacing, r.uow, r.params.companyId, r.params.id, r.body));
