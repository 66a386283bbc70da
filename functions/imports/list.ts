import { importReads } from '../../shared/db/stores/import-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as importsRoutes from '../../shared/routes/imports.ts';
import { listImports } from '../../shared/imports/read-imports.ts';

export const handler = readEndpoint(importsRoutes.list, (r) => listImports(importReads, r.params.companyId, r.query));
