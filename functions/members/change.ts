import { endpoint } from '../../shared/http/endpoint.ts';
import * as membersRoutes from '../../shared/routes/members.ts';
import { actorOf } from '../../shared/http/principal-of.ts';
import { changeMemberRole } from '../../shared/members/members.ts';

export const handler = endpoint(membersRoutes.change, (r) =>
  changeMemberRole(r.uow, r.params.companyId, r.params.userId, actorOf(r), r.body),
);
