import { accounts } from '../../shared/accounts/account-kind.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { updateNode } from '../../shared/tree/use-cases.ts';

export const handler = endpoint(routes.accounts.update, (r) => updateNode(accounts, r.uow, r.params.companyId, r.params.id, r.body));
