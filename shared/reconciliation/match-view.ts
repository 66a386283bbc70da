import type { ResponseOf } from '../schemas/responses.ts';
import type { MatchRecord } from './records.ts';

/** A match as the API answers it (and as its events record it). */
export type MatchView = ResponseOf<'MatchResponse'>;

export const matchView = (m: MatchRecord): MatchView => ({
  id: m.matchId,
  bankAccountId: m.accountId,
  statementLines: m.statementLines,
  ledgerLines: m.ledgerLines,
  amount: m.amount,
  rule: m.rule,
  reason: m.reason,
  difference: m.difference ?? null,
  matchedBy: m.matchedBy,
  matchedAt: m.matchedAt,
  version: m.version,
});
