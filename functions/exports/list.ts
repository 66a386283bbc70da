import { actorRef } from '../../shared/auth/actor.ts';
import { exportReads } from '../../shared/db/stores/export-read-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as exportsRoutes from '../../shared/routes/exports.ts';
import { listExports } from '../../shared/exports/jobs/read-exports.ts';

export const handler = readEndpoint(exportsRoutes.list, (r) => listExports(exportReads, r.params.companyId, actorRef(r.principal), r.query));
