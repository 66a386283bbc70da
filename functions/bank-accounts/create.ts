import { bankAccountCreating } from '../../shared/db/stores/bank-account-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as bankAccountsRoutes from '../../shared/routes/bank-accounts.ts';
import { createBankAccount } from '../../shared/bank-accounts/bank-accounts.ts';

export const handler = writeEndpoint(bankAccountsRoutes.create, (r) => createBankAccount(bankAccountCreating, r.uow, r.params.companyId, r.body));
