import { randomUUID } from 'node:crypto';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { Line } from '../journals/rules.ts';
import type { PendingRevaluation, RevaluationDay, RevaluationRow, RevaluationView } from './records.ts';
import { revaluationDraft, revaluationFigures, revaluationPair, type PlannedRevaluation } from './revaluation-journals.ts';
import type { Posting } from '../journals/records.ts';
import type { OpenPlace, RevaluationCreating } from './store.ts';

export type { OpenPlace } from './store.ts';

export interface RevaluationPlan {
  /** The day as read before the balances: the revaluation commits only if no other was made since. */
  day: RevaluationDay;
  lines: Line[];
  rows: RevaluationRow[];
  gainLossAccountId: string;
  /** The date's open period, and the next day's (the reversal's). */
  places: [OpenPlace, OpenPlace];
}

/**
 * Posts a revaluation and its reversal so that no crash leaves one without the other:
 * - when the books take both in one commit, they are born there in their final states, with
 *   their balances, the check that both periods are open, the day's count, the request's
 *   idempotency record and event: all or nothing;
 * - wider, the books start it as pending (store.ts), then finishRevaluation posts it, reverses it
 *   and ends it, resumable at every step.
 * Errors: RevaluationRaced (another revaluation of the date committed after `day` was read),
 * VersionConflict (the gain and loss account changed meanwhile), StateConflict PeriodNotOpen.
 */
export async function postRevaluation(port: RevaluationCreating, uow: UnitOfWork, companyId: string, plan: RevaluationPlan): Promise<RevaluationView> {
  const [at] = plan.places;
  const planned: PlannedRevaluation = { id: randomUUID(), serialNumber: await port.books.nextSerial(companyId), date: at.day, lines: plan.lines, now: new Date().toISOString(), by: uow.actor };
  const reversalId = randomUUID();
  const periodIds = [...new Set(plan.places.map((p) => p.period.id))];
  const pending: PendingRevaluation = { journalId: planned.id, accounts: plan.rows, periodIds, actor: uow.actor, startedAt: planned.now };
  const answer: RevaluationView = { date: at.day, dryRun: false, journalId: planned.id, reversalId, accounts: plan.rows };
  // The journals' rules stay the revaluation's own: the books are handed what they write.
  const journals = {
    draft: revaluationDraft(planned),
    pair: (posting: Posting, reversal: { id: string; serialNumber: number; posting: Posting }) => revaluationPair(planned, posting, reversal),
    figures: revaluationFigures(planned),
  };
  const outcome = await (await port.posting()).revaluationPosted(uow, companyId, { planned, ...journals, reversalId, places: plan.places, day: plan.day, gainLossAccountId: plan.gainLossAccountId, pending }, answer);
  if (outcome.posted) return outcome.response;
  // Too wide for one commit, which few revaluations are: the stepped path loads on demand.
  return (await import('./finish-revaluation.ts')).finishRevaluation(await port.finishing(), uow, companyId, at.day, pending);
}
