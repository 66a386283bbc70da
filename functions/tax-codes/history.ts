import { historyReads } from '../../shared/db/stores/audit-ports.ts';
import { recordHistory } from '../../shared/audit/history.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as taxCodesRoutes from '../../shared/routes/tax-codes.ts';

export const handler = readEndpoint(taxCodesRoutes.history, (r) => recordHistory(historyReads, r.params.companyId, 'taxCode', r.params.id, r.query));
