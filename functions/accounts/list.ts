import { accounts } from '../../shared/accounts/account-kind.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import type { ListQuery } from '../../shared/schemas/list-query.ts';
import { listNodes } from '../../shared/tree/use-cases.ts';

export const handler = endpoint<unknown, ListQuery<'Code' | 'CreatedAt'>>('accounts.list', (r) =>
  listNodes(accounts, r.params.companyId!, r.route.name, r.query),
);
