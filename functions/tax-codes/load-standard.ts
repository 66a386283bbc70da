import { standardTaxCodeLoading } from '../../shared/db/stores/tax-code-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as taxCodesRoutes from '../../shared/routes/tax-codes.ts';
import { loadStandardTaxCodes } from '../../shared/tax-codes/load-standard.ts';

export const handler = endpoint(taxCodesRoutes.loadStandard, (r) => loadStandardTaxCodes(standardTaxCodeLoading, r.uow, r.params.companyId, r.body));
