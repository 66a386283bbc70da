import { accounts } from '../../shared/accounts/account-kind.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as accountsRoutes from '../../shared/routes/accounts.ts';
import { listNodes } from '../../shared/tree/use-cases.ts';
import { accountNodes } from '../../shared/db/stores/nodes/kind-stores.ts';

export const handler = readEndpoint(accountsRoutes.list, (r) =>
  listNodes(accounts, accountNodes, r.params.companyId, r.route.name, r.query),
);
