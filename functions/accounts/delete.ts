import { accounts } from '../../shared/accounts/account-kind.ts';
import { nodeRemoving } from '../../shared/db/stores/nodes/node-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import { byPath } from '../../shared/http/path-references.ts';
import * as accountsRoutes from '../../shared/routes/accounts.ts';
import { deleteNode } from '../../shared/tree/use-cases.ts';
import { accountNodes } from '../../shared/db/stores/nodes/kind-stores.ts';
import { accountGuardReads } from '../../shared/db/stores/bank-account-ports.ts';

export const handler = writeEndpoint(accountsRoutes.delete, (r) => deleteNode(accounts, nodeRemoving(accountNodes, accountGuardReads), r.uow, r.params.companyId, r.params.id, r.body.version), byPath({ id: accountNodes }));
