import type { MatchingRule } from '../reconciliation/auto-match.ts';

/**
 * A leaf account marked as a company's account at a bank: what its statements are imported into
 * and reconciled against. One per account, keyed by the account's id; its currency is the
 * account's (or, for an account without one, the company's base currency), never stored apart.
 */
export interface BankAccountRecord {
  companyId: string;
  accountId: string;
  /** The IBAN in its electronic form (upper case, no spaces), its checksum verified. */
  iban: string;
  bankName: string;
  /** The rules automatic matching tries, in order (reconciliation/auto-match.ts); absent: the default rules. */
  matchingRules?: MatchingRule[] | undefined;
  version: number;
  createdAt: string;
  updatedAt: string;
}
