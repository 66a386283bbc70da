import { budgetCreating } from '../../shared/db/stores/budget-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as budgetsRoutes from '../../shared/routes/budgets.ts';
import { createBudget } from '../../shared/budgets/budgets.ts';

export const handler = endpoint(budgetsRoutes.create, (r) => createBudget(budgetCreating, r.uow, r.params.companyId, r.body));
