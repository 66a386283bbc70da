import { periodReconciling } from '../../shared/db/stores/reconciliation-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as bankAccountsRoutes from '../../shared/routes/bank-accounts.ts';
import { markReconciled } from '../../shared/reconciliation/reconciled-periods.ts';

export const handler = endpoint(bankAccountsRoutes.markReconciled, (r) => markReconciled(periodReconciling, r.uow, r.params.companyId, r.params.id, r.body.date));
