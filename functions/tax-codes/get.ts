import { taxCodeReads } from '../../shared/db/stores/tax-code-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as taxCodesRoutes from '../../shared/routes/tax-codes.ts';
import { readTaxCode } from '../../shared/tax-codes/tax-codes.ts';

export const handler = readEndpoint(taxCodesRoutes.get, (r) => readTaxCode(taxCodeReads, r.params.companyId, r.params.id));
