import { bankAccountReads } from '../../shared/db/stores/bank-account-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as bankAccountsRoutes from '../../shared/routes/bank-accounts.ts';
import { readBankAccount } from '../../shared/bank-accounts/bank-accounts.ts';

export const handler = readEndpoint(bankAccountsRoutes.get, (r) => readBankAccount(bankAccountReads, r.params.companyId, r.params.id));
