import { endpoint } from '../../shared/http/endpoint.ts';
import * as importsRoutes from '../../shared/routes/imports.ts';
import { getImport } from '../../shared/imports/read-imports.ts';

export const handler = endpoint(importsRoutes.get, (r) => getImport(r.params.companyId, r.params.id));
