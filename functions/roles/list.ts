import { roleList } from '../../shared/db/stores/role-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as rolesRoutes from '../../shared/routes/roles.ts';
import { listRoles } from '../../shared/roles/roles.ts';

export const handler = endpoint(rolesRoutes.list, (r) => listRoles(roleList, r.params.companyId));
