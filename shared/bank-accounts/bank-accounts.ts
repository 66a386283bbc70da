import { NotFound, StateConflict, ValidationError, VersionConflict } from '../errors.ts';
import { type Page } from '../schemas/list-query.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { BankAccountRecord } from './records.ts';
import { bankCurrency, parsedIban } from './rules.ts';
import type { CreateBankAccountInput, ListBankAccountsInput, UpdateBankAccountInput } from './schemas.ts';
import type { AccountResolving, BankAccountCreating, BankAccountList, BankAccountReads, BankAccountReplacing } from './store.ts';
import { bankAccountView, type BankAccountView } from './view.ts';

/**
 * A company's bank accounts: a leaf account marked as its account at a bank (IBAN, bank name),
 * which statements are imported into and reconciled against. The currency is the account's.
 * docs/decisions.md, "Bank accounts".
 */

/** The IBAN in electronic form (the schema checked it). */
const ibanOf = (text: string) => {
  const parsed = parsedIban(text);
  if ('problem' in parsed) throw ValidationError.field('iban', parsed.problem);
  return parsed.iban;
};

/**
 * The rules, each difference account and text rule's account resolved to its id: a leaf taking
 * the bank account's currency (what is posted to it is in that currency). Errors: NotFound,
 * ValidationError (CategoryAccount, AccountCurrency) naming `matchingRules[i].differenceAccountId`
 * or `matchingRules[i].accountId`.
 */
async function resolvedRules(bank: AccountResolving, companyId: string, rules: CreateBankAccountInput['matchingRules'], currency: string): Promise<BankAccountRecord['matchingRules']> {
  if (!rules) return undefined;
  const resolved = async (reference: string | undefined, field: string, what: string) => {
    if (reference === undefined) return undefined;
    const account = await bank.account(companyId, reference, field);
    if (!account.leaf) throw ValidationError.field(field, `is a category account; ${what} are posted to a leaf account: name one of the accounts under it`, 'CategoryAccount');
    if (account.currency !== undefined && account.currency !== currency) throw ValidationError.field(field, `is kept in ${account.currency}; the bank account's ${what} are in ${currency}`, 'AccountCurrency');
    return account.id;
  };
  return Promise.all(
    rules.map(async (rule, i) => {
      const [differenceAccountId, accountId] = await Promise.all([resolved(rule.differenceAccountId, `matchingRules[${i}].differenceAccountId`, 'differences'), resolved(rule.accountId, `matchingRules[${i}].accountId`, "journals made from lines")]);
      return { ...rule, ...(differenceAccountId ? { differenceAccountId } : {}), ...(accountId ? { accountId } : {}) };
    }),
  );
}

/** The bank accounts as answered, their accounts' currencies read at once. */
async function viewsOf(reads: Pick<BankAccountReads, 'currencies'>, companyId: string, records: readonly BankAccountRecord[]): Promise<BankAccountView[]> {
  const { accounts, base } = await reads.currencies(companyId, records.map((r) => r.accountId));
  return records.map((r) => bankAccountView(r, bankCurrency(accounts.get(r.accountId), base)));
}

const viewOf = async (reads: Pick<BankAccountReads, 'currencies'>, record: BankAccountRecord) => (await viewsOf(reads, record.companyId, [record]))[0]!;

async function mustGet(reads: BankAccountReads, companyId: string, accountId: string, version?: number): Promise<BankAccountRecord> {
  const record = (await reads.get(companyId, accountId)) ?? NotFound.throw('The bank account');
  if (version !== undefined && record.version !== version) throw new VersionConflict();
  return record;
}

/**
 * Marks a leaf account as a bank account. Errors: NotFound (accountId, a rule's
 * differenceAccountId), ValidationError (CategoryAccount naming accountId or a rule's
 * differenceAccountId, AccountCurrency naming a rule's differenceAccountId, CurrencyMismatch
 * naming currency), StateConflict (AlreadyBankAccount).
 */
export async function createBankAccount(bank: BankAccountCreating, uow: UnitOfWork, companyId: string, input: CreateBankAccountInput): Promise<BankAccountView> {
  const account = await bank.account(companyId, input.accountId, 'accountId');
  if (!account.leaf) throw ValidationError.field('accountId', 'is a category account; a bank account is a leaf account: name one of the accounts under it', 'CategoryAccount');
  const { base } = await bank.currencies(companyId, []);
  const currency = bankCurrency(account.currency, base);
  if (input.currency !== undefined && input.currency !== currency) {
    throw ValidationError.field('currency', `must be ${currency}, the ${account.currency ? "account's currency" : "company's base currency (the account has no currency of its own)"}`, 'CurrencyMismatch');
  }
  const now = new Date().toISOString();
  const matchingRules = await resolvedRules(bank, companyId, input.matchingRules, currency);
  const record: BankAccountRecord = { companyId, accountId: account.id, iban: ibanOf(input.iban), bankName: input.bankName, matchingRules, version: 1, createdAt: now, updatedAt: now };
  const changes = bank.createChanges(record, account.currency, {
    exists: () => new StateConflict('AlreadyBankAccount', 'This account is a bank account already: change it (PUT .../BankAccounts/{id}) instead.', 'accountId'),
    gone: () => new VersionConflict('The account was deleted, or its currency changed, meanwhile; read it again and retry.'),
  });
  return uow.commit(changes, bankAccountView(record, currency));
}

/** Errors: NotFound. */
export async function readBankAccount(reads: BankAccountReads, companyId: string, accountId: string): Promise<BankAccountView> {
  return viewOf(reads, await mustGet(reads, companyId, accountId));
}

/** By creation time. Errors: ValidationError (InvalidCursor). */
export async function listBankAccounts(list: BankAccountList, companyId: string, query: ListBankAccountsInput): Promise<Page<BankAccountView>> {
  const page = await list.page(companyId, query);
  return { ...page, results: await viewsOf(list, companyId, page.results) };
}

/**
 * Replaces the IBAN, bank name and matching rules (left out: the default ones). Errors: NotFound,
 * VersionConflict, ValidationError (CategoryAccount, AccountCurrency naming a rule's
 * differenceAccountId).
 */
export async function updateBankAccount(bank: BankAccountReplacing, uow: UnitOfWork, companyId: string, accountId: string, input: UpdateBankAccountInput): Promise<BankAccountView> {
  const before = await mustGet(bank, companyId, accountId, input.version);
  const { accounts, base } = await bank.currencies(companyId, [accountId]);
  const matchingRules = await resolvedRules(bank, companyId, input.matchingRules, bankCurrency(accounts.get(accountId), base));
  const after: BankAccountRecord = { ...before, iban: ibanOf(input.iban), bankName: input.bankName, matchingRules, version: before.version + 1, updatedAt: new Date().toISOString() };
  return uow.commit([bank.replaceChange(before, after)], await viewOf(bank, after));
}
