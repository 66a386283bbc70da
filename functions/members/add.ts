import { memberAdding } from '../../shared/db/stores/member-ports.ts';
import { roleReads } from '../../shared/db/stores/role-ports.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as membersRoutes from '../../shared/routes/members.ts';
import { actorOf } from '../../shared/http/principal-of.ts';
import { addMember } from '../../shared/members/members.ts';

export const handler = endpoint(membersRoutes.add, (r) => addMember(memberAdding, roleReads, r.uow, r.params.companyId, actorOf(r), r.body));
