import { accounts } from '../../shared/accounts/account-kind.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { getNode } from '../../shared/tree/use-cases.ts';

export const handler = endpoint(routes.accounts.get, (r) => getNode(accounts, r.params.companyId, r.params.id));
