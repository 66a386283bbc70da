import type { ResponseOf } from '../schemas/responses.ts';
import type { BankAccountRecord } from './records.ts';
import { DEFAULT_MATCHING_RULES } from '../reconciliation/auto-match.ts';

/** A bank account as the API answers it (and as its events record it). */
export type BankAccountView = ResponseOf<'BankAccountResponse'>;

export const bankAccountView = (r: BankAccountRecord, currency: string): BankAccountView => ({
  id: r.accountId,
  accountId: r.accountId,
  iban: r.iban,
  bankName: r.bankName,
  currency,
  matchingRules: r.matchingRules ?? [...DEFAULT_MATCHING_RULES],
  version: r.version,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});
