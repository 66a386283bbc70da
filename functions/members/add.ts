import { endpoint } from '../../shared/http/endpoint.ts';
import { actorOf } from '../../shared/http/principal-of.ts';
import { addMember } from '../../shared/members/members.ts';
import type { AddMemberInput } from '../../shared/members/schemas.ts';

export const handler = endpoint<AddMemberInput>('members.add', (r) => addMember(r.uow, r.params.companyId!, actorOf(r), r.body));
