import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { actorOf } from '../../shared/http/principal-of.ts';
import { addMember } from '../../shared/members/members.ts';

export const handler = endpoint(routes.members.add, (r) => addMember(r.uow, r.params.companyId, actorOf(r), r.body));
