import { accounts } from '../../shared/accounts/account-kind.ts';
import { nodeAdding } from '../../shared/db/stores/nodes/node-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as accountsRoutes from '../../shared/routes/accounts.ts';
import { createNode } from '../../shared/tree/use-cases.ts';
import { accountNodes } from '../../shared/db/stores/nodes/kind-stores.ts';

export const handler = endpoint(accountsRoutes.create, (r) => createNode(accounts, nodeAdding(accountNodes), r.uow, r.params.companyId, r.body));
