import { bankAccountList } from '../../shared/db/stores/bank-account-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as bankAccountsRoutes from '../../shared/routes/bank-accounts.ts';
import { listBankAccounts } from '../../shared/bank-accounts/bank-accounts.ts';

export const handler = readEndpoint(bankAccountsRoutes.list, (r) => listBankAccounts(bankAccountList, r.params.companyId, r.query));
