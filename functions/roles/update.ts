import { roleReplacing } from '../../shared/db/stores/role-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import { actorOf } from '../../shared/http/principal-of.ts';
import * as rolesRoutes from '../../shared/routes/roles.ts';
import { updateRole } from '../../shared/roles/roles.ts';

export const handler = writeEndpoint(rolesRoutes.update, (r) => updateRole(roleReplacing, r.uow, r.params.companyId, r.params.roleId, actorOf(r), r.body));
