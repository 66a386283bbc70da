import type { ActorRef } from '../auth/actor.ts';
import type { ResponseOf } from '../schemas/responses.ts';

/**
 * The revaluation's records, pure types; shared/db/stores/revaluation-store.ts stores them
 * (docs/decisions.md, "Revaluation and its reversal").
 */

export type RevaluationView = ResponseOf<'RevaluationResponse'>;

/** One (account, currency) row of the answer. */
export type RevaluationRow = RevaluationView['accounts'][number];

/** A revaluation too wide for one transaction, under way: what it answers once finished, and for whom. */
export interface PendingRevaluation {
  /** The revaluation journal: a draft when it starts, then posted, then reversed. */
  journalId: string;
  accounts: RevaluationRow[];
  /** The periods of the date and of the next day, counted as postings under way so neither locks or closes meanwhile. */
  periodIds: string[];
  actor: ActorRef;
  startedAt: string;
}

/**
 * The revaluations of one date. `version` counts those made: a revaluation commits only on the
 * version it read before reading the balances, so two at once cannot both post the same
 * difference. `pending` is the one under way, if any.
 */
export interface RevaluationDay {
  date: string;
  version: number;
  pending?: PendingRevaluation | undefined;
}
