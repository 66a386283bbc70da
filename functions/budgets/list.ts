import { budgetList } from '../../shared/db/stores/budget-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as budgetsRoutes from '../../shared/routes/budgets.ts';
import { listBudgets } from '../../shared/budgets/budgets.ts';

export const handler = endpoint(budgetsRoutes.list, (r) => listBudgets(budgetList, r.params.companyId, r.query));
