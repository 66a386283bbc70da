import { accounts } from '../../shared/accounts/account-kind.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { listNodes } from '../../shared/tree/use-cases.ts';

export const handler = endpoint(routes.accounts.list, (r) =>
  listNodes(accounts, r.params.companyId, r.route.name, r.query),
);
