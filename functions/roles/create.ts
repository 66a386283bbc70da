import { roleCreating } from '../../shared/db/stores/role-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { actorOf } from '../../shared/http/principal-of.ts';
import * as rolesRoutes from '../../shared/routes/roles.ts';
import { createRole } from '../../shared/roles/roles.ts';

export const handler = endpoint(rolesRoutes.create, (r) => createRole(roleCreating, r.uow, r.params.companyId, actorOf(r), r.body));
