import { roleReplacing } from '../../shared/db/stores/role-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { actorOf } from '../../shared/http/principal-of.ts';
import * as rolesRoutes from '../../shared/routes/roles.ts';
import { updateRole } from '../../shared/roles/roles.ts';

export const handler = endpoint(rolesRoutes.update, (r) => updateRole(roleReplacing, r.uow, r.params.companyId, r.params.roleId, actorOf(r), r.body));
