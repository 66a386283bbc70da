import type { ResponseOf } from '../schemas/responses.ts';
import type { StatementRecord } from './records.ts';

/** A statement as the API answers it (and as its event records it). */
export type StatementView = ResponseOf<'StatementResponse'>;

export const statementView = (s: StatementRecord): StatementView => ({
  id: `${s.accountId}:${s.sequence}`,
  bankAccountId: s.accountId,
  sequence: s.sequence,
  statementId: s.statementId,
  openingBalance: s.openingBalance,
  closingBalance: s.closingBalance,
  lineCount: s.lineCount,
  importId: s.importId,
  createdAt: s.createdAt,
});
