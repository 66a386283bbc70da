import { memberReplacing } from '../../shared/db/stores/member-ports.ts';
import { roleReads } from '../../shared/db/stores/role-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as membersRoutes from '../../shared/routes/members.ts';
import { actorOf } from '../../shared/http/principal-of.ts';
import { changeMemberRole } from '../../shared/members/members.ts';

export const handler = writeEndpoint(membersRoutes.change, (r) =>
  changeMemberRole(memberReplacing, roleReads, r.uow, r.params.companyId, r.params.userId, actorOf(r), r.body),
);
