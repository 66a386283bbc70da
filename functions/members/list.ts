import { memberList } from '../../shared/db/stores/member-ports.ts';
import { manyRoleReads } from '../../shared/db/stores/role-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as membersRoutes from '../../shared/routes/members.ts';
import { listMembers } from '../../shared/members/members.ts';

export const handler = readEndpoint(membersRoutes.list, (r) => listMembers(memberList, manyRoleReads, r.params.companyId, r.query));
