import { exportQueue } from '../../shared/db/stores/export-queue-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { exportTarget } from '../../shared/http/export-target.ts';
import * as exportsRoutes from '../../shared/routes/exports.ts';
import { createExport } from '../../shared/exports/jobs/create-export.ts';

export const handler = endpoint(exportsRoutes.create, (r) => createExport(exportQueue, r.uow, r.params.companyId, r.permissions ?? [], exportTarget(r.body)));
