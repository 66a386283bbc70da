import { endpoint } from '../../shared/http/endpoint.ts';
import { listMembers } from '../../shared/members/members.ts';
import type { ListQuery } from '../../shared/schemas/list-query.ts';

export const handler = endpoint<unknown, ListQuery<'Email'>>('members.list', (r) => listMembers(r.params.companyId!, r.query));
