import { filedReturnReads } from '../../shared/db/stores/filed-return-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as vatReturnsRoutes from '../../shared/routes/vat-returns.ts';
import { listFiledReturns } from '../../shared/vat-returns/vat-returns.ts';

export const handler = readEndpoint(vatReturnsRoutes.list, (r) => listFiledReturns(filedReturnReads, r.params.companyId));
