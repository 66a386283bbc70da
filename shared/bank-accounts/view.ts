import type { ResponseOf } from '../schemas/responses.ts';
import type { BankAccountRecord } from './records.ts';

/** A bank account as the API answers it (and as its events record it). */
export type BankAccountView = ResponseOf<'BankAccountResponse'>;

export const bankAccountView = (r: BankAccountRecord, currency: string): BankAccountView => ({
  id: r.accountId,
  accountId: r.accountId,
  iban: r.iban,
  bankName: r.bankName,
  currency,
  version: r.version,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});
