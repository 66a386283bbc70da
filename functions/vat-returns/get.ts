import { filedReturnReads } from '../../shared/db/stores/filed-return-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as vatReturnsRoutes from '../../shared/routes/vat-returns.ts';
import { readFiledReturn } from '../../shared/vat-returns/vat-returns.ts';

export const handler = readEndpoint(vatReturnsRoutes.get, (r) => readFiledReturn(filedReturnReads, r.params.companyId, r.params.id));
