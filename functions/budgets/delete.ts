import { budgetDeleting } from '../../shared/db/stores/budget-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as budgetsRoutes from '../../shared/routes/budgets.ts';
import { deleteBudget } from '../../shared/budgets/budgets.ts';

export const handler = writeEndpoint(budgetsRoutes.delete, (r) => deleteBudget(budgetDeleting, r.uow, r.params.companyId, r.params.id, r.body.version));
