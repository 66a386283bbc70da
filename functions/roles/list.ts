import { endpoint } from '../../shared/http/endpoint.ts';
import { listRoles } from '../../shared/members/members.ts';

export const handler = endpoint('roles.list', async () => listRoles());
