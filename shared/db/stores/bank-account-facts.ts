import type { BankAccountReads } from '../../bank-accounts/store.ts';
import { NotFound } from '../../errors.ts';
import type { BankAccountFacts } from '../../reconciliation/store.ts';
import { currencyPrecision } from '../../money/currencies.ts';
import { getBankAccount } from './bank-account-store.ts';
import { accountLines } from './nodes/line-nodes.ts';
import { getSettings } from './settings-store.ts';

/** The currencies of these accounts (each one's own, if it has one) and the company's settings, read at once. */
async function currencySources(companyId: string, accountIds: readonly string[]) {
  const [accounts, settings] = await Promise.all([accountIds.length > 0 ? accountLines.getMany(companyId, [...accountIds]) : [], getSettings(companyId)]);
  if (!settings) throw new NotFound('The company');
  return { accounts: new Map(accounts.map((a) => [a.id, a.attributes.currency])), settings };
}

/** The currencies bank accounts' accounts take: each one's own, and the company's base currency. */
export const bankAccountCurrencies: BankAccountReads['currencies'] = async (companyId, accountIds) => {
  const { accounts, settings } = await currencySources(companyId, accountIds);
  return { accounts, base: settings.baseCurrency };
};

/** The bank account on this account as reconciliation reads it (its IBAN, currency and that currency's decimals in the books), or undefined when there is none. */
export async function bankAccountFacts(companyId: string, accountId: string): Promise<BankAccountFacts | undefined> {
  const record = await getBankAccount(companyId, accountId);
  if (!record) return undefined;
  const { accounts, settings } = await currencySources(companyId, [accountId]);
  const currency = accounts.get(accountId) ?? settings.baseCurrency;
  return { iban: record.iban, currency, precision: currencyPrecision(settings, currency), matchingRules: record.matchingRules };
}
