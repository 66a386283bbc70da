import { accounts } from '../../shared/accounts/account-kind.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { deleteNode } from '../../shared/tree/use-cases.ts';

export const handler = endpoint(routes.accounts.delete, (r) =>
  deleteNode(accounts, r.uow, r.params.companyId, r.params.id, r.body.version),
);
