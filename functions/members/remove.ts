import { endpoint } from '../../shared/http/endpoint.ts';
import { actingUserIdOf } from '../../shared/http/principal-of.ts';
import { removeMember } from '../../shared/members/members.ts';

export const handler = endpoint<{ version: number }>('members.remove', (r) =>
  removeMember(r.uow, r.params.companyId!, r.params.userId!, actingUserIdOf(r), r.body.version),
);
