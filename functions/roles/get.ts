import { endpoint } from '../../shared/http/endpoint.ts';
import * as rolesRoutes from '../../shared/routes/roles.ts';
import { readRole } from '../../shared/roles/roles.ts';

export const handler = endpoint(rolesRoutes.get, (r) => readRole(r.params.companyId, r.params.roleId));
