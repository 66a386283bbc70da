import { taxCodeCreating } from '../../shared/db/stores/tax-code-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as taxCodesRoutes from '../../shared/routes/tax-codes.ts';
import { createTaxCode } from '../../shared/tax-codes/tax-codes.ts';

export const handler = endpoint(taxCodesRoutes.create, (r) => createTaxCode(taxCodeCreating, r.uow, r.params.companyId, r.body));
