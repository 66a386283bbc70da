import { roleReads } from '../../shared/db/stores/role-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as rolesRoutes from '../../shared/routes/roles.ts';
import { readRole } from '../../shared/roles/roles.ts';

export const handler = readEndpoint(rolesRoutes.get, (r) => readRole(roleReads, r.params.companyId, r.params.roleId));
