import { accounts } from '../../shared/accounts/account-kind.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { createNode } from '../../shared/tree/use-cases.ts';

export const handler = endpoint(routes.accounts.create, (r) => createNode(accounts, r.uow, r.params.companyId, r.body));
