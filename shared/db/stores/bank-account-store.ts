import type { BankAccountRecord } from '../../bank-accounts/records.ts';
import type { AppError } from '../../errors.ts';
import type { ListQuery, Page } from '../../schemas/list-query.ts';
import { bankAccountKeys } from '../table/keys.ts';
import { mapPage, queryPage } from '../table/paginate.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';
import { NotFound, VersionConflict } from '../../errors.ts';

/** A company's bank accounts: one item each, keyed by its account's id, listed on gsi1 by creation time. */
const FIELDS = ['companyId', 'accountId', 'iban', 'bankName', 'matchingRules', 'version', 'createdAt', 'updatedAt'] as const;
const bankAccountFromItem = (item: Item) => recordOf<BankAccountRecord>(item, FIELDS);

const itemOf = (b: BankAccountRecord) => ({
  ...bankAccountKeys.bankAccount(b.companyId, b.accountId),
  ...bankAccountKeys.bankAccountByCreation(b.companyId, b.createdAt, b.accountId),
  entity: 'BankAccount',
  ...b,
});

/** The bank account on this account, or undefined (strongly consistent). */
export async function getBankAccount(companyId: string, accountId: string): Promise<BankAccountRecord | undefined> {
  const item = await getItem(bankAccountKeys.bankAccount(companyId, accountId), { consistent: true });
  return item && bankAccountFromItem(item);
}

export function createBankAccountOp(record: BankAccountRecord, exists: () => AppError): WriteOp {
  return mainTable.put(itemOf(record), { condition: conditions.absent, onConditionFailed: exists });
}

/** A versioned replace; a bank account changed meanwhile is 409. */
export function replaceBankAccountOp(before: BankAccountRecord, after: BankAccountRecord): WriteOp {
  return mainTable.put(itemOf(after), {
    condition: conditions.atVersion(before.version),
    returnOld: true,
    onConditionFailed: (old) => (old ? new VersionConflict() : new NotFound('The bank account')),
  });
}

/** At commit, no bank account is on the account (an account delete commits with it). */
export function noBankAccountCheckOp(companyId: string, accountId: string, error: () => AppError): WriteOp {
  return mainTable.check(bankAccountKeys.bankAccount(companyId, accountId), conditions.absent, error);
}

/** One page by creation time (newest first unless `orderAsc`). */
export async function bankAccountsPage(companyId: string, query: ListQuery): Promise<Page<BankAccountRecord>> {
  const page = await queryPage({
    index: 'gsi1',
    partition: bankAccountKeys.bankAccountListPartition(companyId),
    pageSize: query.pageSize,
    page: query.page,
    binding: { companyId, endpoint: 'bankAccounts.list', orderBy: query.orderBy, orderAsc: query.orderAsc, filters: {} },
  });
  return mapPage(page, bankAccountFromItem);
}
