import { importQueue } from '../../shared/db/stores/import-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as importsRoutes from '../../shared/routes/imports.ts';
import { createImport } from '../../shared/imports/create-import.ts';

export const handler = endpoint(importsRoutes.create, (r) => createImport(importQueue, r.uow, r.params.companyId, r.permissions ?? [], r.body));
