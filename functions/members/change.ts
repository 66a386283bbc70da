import { endpoint } from '../../shared/http/endpoint.ts';
import { actorOf } from '../../shared/http/principal-of.ts';
import { changeMemberRole } from '../../shared/members/members.ts';
import type { ChangeMemberInput } from '../../shared/members/schemas.ts';

export const handler = endpoint<ChangeMemberInput>('members.change', (r) =>
  changeMemberRole(r.uow, r.params.companyId!, r.params.userId!, actorOf(r), r.body),
);
