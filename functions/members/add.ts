import { memberAdding } from '../../shared/db/stores/member-ports.ts';
import { roleReads } from '../../shared/db/stores/role-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as membersRoutes from '../../shared/routes/members.ts';
import { actorOf } from '../../shared/http/principal-of.ts';
import { addMember } from '../../shared/members/members.ts';

export const handler = writeEndpoint(membersRoutes.add, (r) => addMember(memberAdding, roleReads, r.uow, r.params.companyId, actorOf(r), r.body));
