import type { ResponseOf } from '../schemas/responses.ts';
import type { ReconciledPeriodRecord, StatementRecord } from './records.ts';

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

/** A journal made from a statement line, and its match once posted (line-journal.ts). */
export type LineJournalView = ResponseOf<'StatementLineJournalResponse'>;

/** A period marked reconciled as the API answers it. */
export type ReconciledPeriodView = ResponseOf<'ReconciledPeriodResponse'>;

export const reconciledPeriodView = (m: ReconciledPeriodRecord): ReconciledPeriodView => ({
  date: m.date,
  statementBalance: m.statementBalance,
  ledgerBalance: m.ledgerBalance,
  unmatchedStatement: m.unmatchedStatement,
  unmatchedLedger: m.unmatchedLedger,
  reconciledBy: m.reconciledBy,
  reconciledAt: m.reconciledAt,
});

