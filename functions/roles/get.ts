import { roleReads } from '../../shared/db/stores/role-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as rolesRoutes from '../../shared/routes/roles.ts';
import { readRole } from '../../shared/roles/roles.ts';

export const handler = endpoint(rolesRoutes.get, (r) => readRole(roleReads, r.params.companyId, r.params.roleId));
