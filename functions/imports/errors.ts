import { importReads } from '../../shared/db/stores/import-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as importsRoutes from '../../shared/routes/imports.ts';
import { listImportErrors } from '../../shared/imports/read-imports.ts';

export const handler = readEndpoint(importsRoutes.errors, (r) => listImportErrors(importReads, r.params.companyId, r.params.id, r.query));
