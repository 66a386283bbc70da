import type { AppError } from '../errors.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { Change } from '../unit-of-work.ts';
import type { BankAccountRecord } from './records.ts';

/**
 * What the bank account use cases (bank-accounts.ts) need of the place they are kept, one port
 * per use case; shared/db implements them.
 */

export interface BankAccountReads {
  /** The bank account on this account, or undefined (strongly consistent). */
  get(companyId: string, accountId: string): Promise<BankAccountRecord | undefined>;
  /** The currencies bank accounts' accounts take, read at once: each one's own currency (absent or undefined: any), and the company's base currency. */
  currencies(companyId: string, accountIds: readonly string[]): Promise<{ accounts: Map<string, string | undefined>; base: string }>;
}

/** Reads accounts by reference: a bank account's own, and its rules' difference accounts. */
export interface AccountResolving {
  /** The account named by UUID or path, with its type and currency. Errors: NotFound naming `field`. */
  account(companyId: string, reference: string, field: string): Promise<{ id: string; leaf: boolean; currency: string | undefined }>;
}

export interface BankAccountCreating extends BankAccountReads, AccountResolving {
  /** The bank account, new (else `exists`), with the check that its account still exists as a leaf in that currency, no delete holding it (else `gone`). */
  createChanges(record: BankAccountRecord, accountCurrency: string | undefined, errors: { exists: () => AppError; gone: () => AppError }): Change[];
}

export interface BankAccountReplacing extends BankAccountReads, AccountResolving {
  /** At the version read. Errors at commit: VersionConflict. */
  replaceChange(before: BankAccountRecord, after: BankAccountRecord): Change;
}

export interface BankAccountList extends Pick<BankAccountReads, 'currencies'> {
  /** One page by creation time (newest first unless `orderAsc`). Errors: ValidationError (InvalidCursor). */
  page(companyId: string, query: ListQuery): Promise<Page<BankAccountRecord>>;
}

/** What deleting an account checks of the bank accounts (accounts/account-kind.ts). */
export interface BankAccountsNaming {
  /** Whether a bank account is on the account now. */
  isBankAccount(companyId: string, accountId: string): Promise<boolean>;
  /** At commit, no bank account is on the account; else `error`. */
  notBankAccountChange(companyId: string, accountId: string, error: () => AppError): Change;
}
