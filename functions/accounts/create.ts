import { accounts } from '../../shared/accounts/account-kind.ts';
import type { CreateAccountInput } from '../../shared/accounts/schemas.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { createNode } from '../../shared/tree/use-cases.ts';

export const handler = endpoint<CreateAccountInput>('accounts.create', (r) => createNode(accounts, r.uow, r.params.companyId!, r.body));
