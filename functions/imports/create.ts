import { endpoint } from '../../shared/http/endpoint.ts';
import * as importsRoutes from '../../shared/routes/imports.ts';
import { createImport } from '../../shared/imports/create-import.ts';

export const handler = endpoint(importsRoutes.create, (r) => createImport(r.uow, r.params.companyId, r.permissions ?? [], r.body));
