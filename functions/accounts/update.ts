import { accounts } from '../../shared/accounts/account-kind.ts';
import type { UpdateAccountInput } from '../../shared/accounts/schemas.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { updateNode } from '../../shared/tree/use-cases.ts';

export const handler = endpoint<UpdateAccountInput>('accounts.update', (r) => updateNode(accounts, r.uow, r.params.companyId!, r.params.id!, r.body));
