import { accounts } from '../../shared/accounts/account-kind.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { getNode } from '../../shared/tree/use-cases.ts';

export const handler = endpoint('accounts.get', (r) => getNode(accounts, r.params.companyId!, r.params.id!));
