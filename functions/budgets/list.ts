import { endpoint } from '../../shared/http/endpoint.ts';
import * as budgetsRoutes from '../../shared/routes/budgets.ts';
import { listBudgets } from '../../shared/budgets/budgets.ts';

export const handler = endpoint(budgetsRoutes.list, (r) => listBudgets(r.params.companyId, r.query));
