import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { listRoles } from '../../shared/members/members.ts';

export const handler = endpoint(routes.roles.list, async () => listRoles());
