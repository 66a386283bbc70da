import { vatReturnFiling } from '../../shared/db/stores/vat-return-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as vatReturnsRoutes from '../../shared/routes/vat-returns.ts';
import { fileVatReturn } from '../../shared/vat-returns/vat-returns.ts';

export const handler = endpoint(vatReturnsRoutes.file, (r) => fileVatReturn(vatReturnFiling, r.uow, r.params.companyId, r.body));
