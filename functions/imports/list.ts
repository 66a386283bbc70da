import { importReads } from '../../shared/db/stores/import-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as importsRoutes from '../../shared/routes/imports.ts';
import { listImports } from '../../shared/imports/read-imports.ts';

export const handler = endpoint(importsRoutes.list, (r) => listImports(importReads, r.params.companyId, r.query));
