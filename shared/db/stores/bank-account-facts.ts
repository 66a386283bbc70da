import type { BankAccountReads } from '../../bank-accounts/store.ts';
import { NotFound } from '../../errors.ts';
import type { BankAccountFacts } from '../../reconciliation/store.ts';
import { currencyPrecision } from '../../money/currencies.ts';
import { getBankAccount } from './bank-account-store.ts';
import { accountLines } from './nodes/line-nodes.ts';
import { getSettings } from './settings-store.ts';

/** The currencies a bank account's account takes: its own, and the company's base currency. */
export const bankAccountCurrencies: BankAccountReads['currencies'] = async (companyId, accountId) => {
  const [account, settings] = await Promise.all([accountLines.get(companyId, accountId), getSettings(companyId)]);
  if (!settings) throw new NotFound('The company');
  return { account: account?.attributes.currency, base: settings.baseCurrency };
};

/** The bank account on this account as reconciliation reads it (its IBAN, currency and that currency's decimals in the books), or undefined when there is none. */
export async function bankAccountFacts(companyId: string, accountId: string): Promise<BankAccountFacts | undefined> {
  const record = await getBankAccount(companyId, accountId);
  if (!record) return undefined;
  const [node, settings] = await Promise.all([accountLines.get(companyId, accountId), getSettings(companyId)]);
  if (!settings) throw new NotFound('The company');
  const currency = node?.attributes.currency ?? settings.baseCurrency;
  return { iban: record.iban, currency, precision: currencyPrecision(settings, currency), matchingRules: record.matchingRules };
}
