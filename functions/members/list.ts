import { endpoint } from '../../shared/http/endpoint.ts';
import * as membersRoutes from '../../shared/routes/members.ts';
import { listMembers } from '../../shared/members/members.ts';

export const handler = endpoint(membersRoutes.list, (r) => listMembers(r.params.companyId, r.query));
