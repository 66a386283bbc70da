import { importApproving } from '../../shared/db/stores/import-approval-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as importsRoutes from '../../shared/routes/imports.ts';
import { approveImport } from '../../shared/imports/approve-import.ts';

export const handler = endpoint(importsRoutes.approve, (r) => approveImport(importApproving, r.uow, r.params.companyId, r.params.id));
