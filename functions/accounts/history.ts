import { historyReads } from '../../shared/db/stores/audit-ports.ts';
import { recordHistory } from '../../shared/audit/history.ts';
import { accountNodes } from '../../shared/db/stores/nodes/kind-stores.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import { byPath } from '../../shared/http/path-references.ts';
import * as accountsRoutes from '../../shared/routes/accounts.ts';

export const handler = readEndpoint(accountsRoutes.history, (r) => recordHistory(historyReads, r.params.companyId, 'account', r.params.id, r.query), byPath({ id: accountNodes }));
