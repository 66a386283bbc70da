import { bankAccountReplacing } from '../../shared/db/stores/bank-account-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as bankAccountsRoutes from '../../shared/routes/bank-accounts.ts';
import { updateBankAccount } from '../../shared/bank-accounts/bank-accounts.ts';

export const handler = writeEndpoint(bankAccountsRoutes.update, (r) => updateBankAccount(bankAccountReplacing, r.uow, r.params.companyId, r.params.id, r.body));
