import { accounts } from '../../shared/accounts/account-kind.ts';
import { nodeUpdating } from '../../shared/db/stores/nodes/node-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import { byPath } from '../../shared/http/path-references.ts';
import * as accountsRoutes from '../../shared/routes/accounts.ts';
import { updateNode } from '../../shared/tree/use-cases.ts';
import { accountNodes } from '../../shared/db/stores/nodes/kind-stores.ts';
import { accountGuardReads } from '../../shared/db/stores/bank-account-ports.ts';

export const handler = writeEndpoint(accountsRoutes.update, (r) => updateNode(accounts, nodeUpdating(accountNodes, accountGuardReads), r.uow, r.params.companyId, r.params.id, r.body), byPath({ id: accountNodes }));
