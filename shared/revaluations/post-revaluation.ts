import { randomUUID } from 'node:crypto';
import { pickOtherShard, pickShard } from '../db/ledger/balance-store.ts';
import { revaluationStartedOps } from '../db/stores/job-store.ts';
import { drawSerial, putNewJournalOp } from '../db/ledger/journal-store.ts';
import { revaluationMadeOp } from '../db/stores/revaluation-store.ts';
import { fitsOneTransaction, transactWrite } from '../db/table/transact.ts';
import type { Change, UnitOfWork } from '../unit-of-work.ts';
import { openPeriodsCheckOp, periodPostingsOp } from '../db/stores/year-store.ts';
import type { PeriodRecord, YearRecord } from '../financial-years/records.ts';
import type { Posting } from '../journals/records.ts';
import { referenceOps } from '../journals/reference-ops.ts';
import type { Line } from '../journals/rules.ts';
import { postingItemOps } from '../journals/wide-posting.ts';
import { finishRevaluation } from './finish-revaluation.ts';
import type { RevaluationDay, RevaluationRow, RevaluationView } from './records.ts';
import { revaluationDraft, revaluationPair, type PlannedRevaluation } from './revaluation-journals.ts';

/** An open period a revaluation posts into, as findOpenPeriod answered it. */
export interface OpenPlace {
  day: string;
  year: YearRecord;
  period: PeriodRecord;
}

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
 * - when both fit one transaction (about fourteen revalued accounts), they are born
 *   there in their final states, with their balances, the check that both periods are open, the
 *   day's count, the request's idempotency record and event: all or nothing;
 * - wider, one transaction writes the draft, counts the day with the revaluation pending, lists it
 *   for recovery and counts a posting under way into both periods (so neither locks meanwhile);
 *   then finishRevaluation posts it, reverses it and ends it, resumable at every step.
 * Errors: RevaluationRaced (another revaluation of the date committed after `day` was read),
 * VersionConflict (the gain and loss account changed meanwhile), StateConflict PeriodNotOpen.
 */
export async function postRevaluation(uow: UnitOfWork, companyId: string, plan: RevaluationPlan): Promise<RevaluationView> {
  const [at, next] = plan.places;
  const planned: PlannedRevaluation = { id: randomUUID(), serialNumber: await drawSerial(companyId), date: at.day, lines: plan.lines, now: new Date().toISOString() };
  // The revalued accounts are named by the posted journals that gave them their balances; only
  // the gain and loss account's reference needs recording.
  const references = referenceOps(companyId, planned.id, plan.lines.filter((l) => l.accountId === plan.gainLossAccountId), []);
  const checks = openChecks(companyId, plan.places);

  const pairOps = (reversalSerial: number) => {
    // Revaluation lines carry currency figures (the base of the currency they revalue).
    const shard = pickShard(true);
    const posting: Posting = { postingDate: at.day, financialYearId: at.year.id, periodId: at.period.id, balanceShard: shard };
    const reversalPosting: Posting = { postingDate: next.day, financialYearId: next.year.id, periodId: next.period.id, balanceShard: pickOtherShard(shard, true) };
    const { revaluation, reversal } = revaluationPair(planned, posting, { id: randomUUID(), serialNumber: reversalSerial, posting: reversalPosting });
    const ops: Change[] = [
      putNewJournalOp(companyId, revaluation),
      putNewJournalOp(companyId, reversal),
      ...checks,
      ...postingItemOps(companyId, revaluation, 1),
      ...postingItemOps(companyId, reversal, 1),
      ...references,
      revaluationMadeOp(companyId, plan.day),
    ];
    const answer: RevaluationView = { date: at.day, dryRun: false, journalId: revaluation.id, reversalId: reversal.id, accounts: plan.rows };
    return { ops, answer };
  };
  // The reversal's serial number is drawn only for a pair that fits: a wide reversal draws its own.
  if (fitsOneTransaction(pairOps(0).ops)) {
    const { ops, answer } = pairOps(await drawSerial(companyId));
    return uow.commit(ops, answer);
  }

  const periodIds = [...new Set(plan.places.map((p) => p.period.id))];
  const pending = { journalId: planned.id, accounts: plan.rows, periodIds, actor: uow.actor, startedAt: planned.now };
  await transactWrite([
    putNewJournalOp(companyId, revaluationDraft(planned)),
    ...references,
    revaluationMadeOp(companyId, plan.day, pending),
    ...revaluationStartedOps(companyId, at.day, planned.id, planned.now),
    ...checks,
    ...periodIds.map((p) => periodPostingsOp(companyId, p, 1)),
  ]);
  return finishRevaluation(uow, companyId, at.day, pending);
}

/** One check per year item (a transaction names an item once) that each period is open. */
function openChecks(companyId: string, places: readonly OpenPlace[]): Change[] {
  const byYear = new Map<string, string[]>();
  for (const { year, period } of places) byYear.set(year.id, [...(byYear.get(year.id) ?? []), period.id]);
  return [...byYear].map(([yearId, periodIds]) => openPeriodsCheckOp(companyId, yearId, periodIds, pickShard()));
}
