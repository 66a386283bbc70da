import { budgetList } from '../../shared/db/stores/budget-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as budgetsRoutes from '../../shared/routes/budgets.ts';
import { listBudgets } from '../../shared/budgets/budgets.ts';

export const handler = readEndpoint(budgetsRoutes.list, (r) => listBudgets(budgetList, r.params.companyId, r.query));
