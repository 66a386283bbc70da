import { endpoint } from '../../shared/http/endpoint.ts';
import * as importsRoutes from '../../shared/routes/imports.ts';
import { listImports } from '../../shared/imports/read-imports.ts';

export const handler = endpoint(importsRoutes.list, (r) => listImports(r.params.companyId, r.query));
