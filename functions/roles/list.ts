import { roleList } from '../../shared/db/stores/role-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as rolesRoutes from '../../shared/routes/roles.ts';
import { listRoles } from '../../shared/roles/roles.ts';

export const handler = readEndpoint(rolesRoutes.list, (r) => listRoles(roleList, r.params.companyId));
