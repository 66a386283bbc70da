import { endpoint } from '../../shared/http/endpoint.ts';
import { rolesRoutes } from '../../shared/routes/roles.ts';
import { listRoles } from '../../shared/members/members.ts';

export const handler = endpoint(rolesRoutes.list, async () => listRoles());
