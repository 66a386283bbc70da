import { taxCodeReplacing } from '../../shared/db/stores/tax-code-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as taxCodesRoutes from '../../shared/routes/tax-codes.ts';
import { updateTaxCode } from '../../shared/tax-codes/tax-codes.ts';

export const handler = writeEndpoint(taxCodesRoutes.update, (r) => updateTaxCode(taxCodeReplacing, r.uow, r.params.companyId, r.params.id, r.body));
