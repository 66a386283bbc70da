import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { listMembers } from '../../shared/members/members.ts';

export const handler = endpoint(routes.members.list, (r) => listMembers(r.params.companyId, r.query));
