import { endpoint } from '../../shared/http/endpoint.ts';
import * as membersRoutes from '../../shared/routes/members.ts';
import { actorOf } from '../../shared/http/principal-of.ts';
import { addMember } from '../../shared/members/members.ts';

export const handler = endpoint(membersRoutes.add, (r) => addMember(r.uow, r.params.companyId, actorOf(r), r.body));
