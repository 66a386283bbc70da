import type { BankAccountsNaming } from '../bank-accounts/store.ts';
import { StateConflict, VersionConflict } from '../errors.ts';
import type { NodeRecord } from '../tree/records.ts';
import type { Change } from '../unit-of-work.ts';

/**
 * A bank account's account cannot be deleted (its statements and reconciliations name it); the
 * check that none is on it commits with the delete, so a bank account made meanwhile refuses it.
 */
export async function guardBankAccountDelete(bank: BankAccountsNaming, companyId: string, node: NodeRecord): Promise<Change[]> {
  if (await bank.isBankAccount(companyId, node.id)) throw new StateConflict('BankAccountNamed', 'This account is a bank account, which its statements and reconciliations name; it cannot be deleted.');
  return [bank.notBankAccountChange(companyId, node.id, () => new VersionConflict('A bank account was made on this account meanwhile; read it again.'))];
}
