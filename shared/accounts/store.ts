import type { AppError } from '../errors.ts';
import type { BankAccountsNaming } from '../bank-accounts/store.ts';
import type { Change } from '../unit-of-work.ts';

/** The settings fields that name an account the service relies on (retained earnings, rounding, unrealized exchange). */
export type SettingsAccountField = 'retainedEarningsAccountId' | 'fxRoundingAccountId' | 'unrealizedFxGainLossAccountId';

/**
 * What the account rules need of the company settings (settings-accounts-guard.ts): which
 * accounts they name now, and the checks that they still name the same ones when a change of an
 * account commits. shared/db implements it.
 */
export interface SettingsAccounts {
  /** The field of the settings that names the account now, or undefined. */
  fieldNaming(companyId: string, accountId: string): Promise<SettingsAccountField | undefined>;
  /** The retained earnings account the settings name now; null: none. */
  retainedEarnings(companyId: string): Promise<string | null>;
  /** At commit, the settings name the account in none of their account fields; else `error`. */
  notNamingChange(companyId: string, accountId: string, error: () => AppError): Change;
  /** At commit, the settings name this retained earnings account (null: none); else `error`. */
  retainedEarningsStillChange(companyId: string, accountId: string | null, error: () => AppError): Change;
}

/** What an account's guards read beyond the accounts: the settings' accounts and the bank accounts. */
export interface AccountGuardReads extends SettingsAccounts, BankAccountsNaming {}
