import { budgetReads } from '../../shared/db/stores/budget-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as budgetsRoutes from '../../shared/routes/budgets.ts';
import { readBudget } from '../../shared/budgets/budgets.ts';

export const handler = readEndpoint(budgetsRoutes.get, (r) => readBudget(budgetReads, r.params.companyId, r.params.id));
