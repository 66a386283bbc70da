import { endpoint } from '../../shared/http/endpoint.ts';
import { removeMember } from '../../shared/members/members.ts';

export const handler = endpoint<{ version: number }>('members.remove', (r) =>
  removeMember(r.uow, r.params.companyId!, r.params.userId!, r.principal?.kind === 'user' ? r.principal.userId : undefined, r.body.version),
);
