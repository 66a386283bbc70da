import { taxCodeList } from '../../shared/db/stores/tax-code-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as taxCodesRoutes from '../../shared/routes/tax-codes.ts';
import { listTaxCodes } from '../../shared/tax-codes/tax-codes.ts';

export const handler = readEndpoint(taxCodesRoutes.list, (r) => listTaxCodes(taxCodeList, r.params.companyId, r.query));
