import { accounts } from '../../shared/accounts/account-kind.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import { byPath } from '../../shared/http/path-references.ts';
import * as accountsRoutes from '../../shared/routes/accounts.ts';
import { getNode } from '../../shared/tree/use-cases.ts';
import { accountNodes } from '../../shared/db/stores/nodes/kind-stores.ts';

export const handler = readEndpoint(accountsRoutes.get, (r) => getNode(accounts, accountNodes, r.params.companyId, r.params.id), byPath({ id: accountNodes }));
