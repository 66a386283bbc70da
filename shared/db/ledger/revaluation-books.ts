import type { Posting } from '../../journals/records.ts';
import type { OpenPlace, RevaluationBooks } from '../../revaluations/store.ts';
import { revaluationStartedOps } from '../stores/job-store.ts';
import { revaluationMadeOp } from '../stores/revaluation-store.ts';
import { periodPostingsOp } from '../stores/year-store.ts';
import { fitsOneTransaction, transactWrite, type WriteOp } from '../table/transact.ts';
import { pickOtherShard, pickShard } from './balance-store.ts';
import { putNewJournalOp } from './journal-items.ts';
import { drawSerial } from './journal-serials.ts';
import type { Placed } from './placement.ts';
import { periodsOpenCheckOp } from './open-periods.ts';
import { referenceOps } from './reference-changes.ts';
import { postingItemOps } from './posting-items.ts';

/**
 * A revaluation and its reversal on the books (shared/revaluations/store.ts): in one transaction
 * when they fit (about fourteen revalued accounts), their balances in two shards that differ in
 * every account (pickOtherShard: a transaction names each item once); wider, started as pending.
 */

/** One check per year item (a transaction names an item once) that each period is open. */
function openChecks(companyId: string, places: readonly OpenPlace[]): WriteOp[] {
  const byYear = new Map<string, string[]>();
  for (const { year, period } of places) byYear.set(year.id, [...(byYear.get(year.id) ?? []), period.id]);
  return [...byYear].map(([yearId, periodIds]) => periodsOpenCheckOp(companyId, yearId, periodIds));
}

export const revaluationBooks: RevaluationBooks = {
  async revaluationPosted(uow, companyId, { planned, draft, pair: pairOf, figures, reversalId, places, day, gainLossAccountId, pending }, response) {
    const [at, next] = places;
    // The revalued accounts are named by the posted journals that gave them their balances; only
    // the gain and loss account's reference needs recording.
    const references = referenceOps(companyId, planned.id, planned.lines.filter((l) => l.accountId === gainLossAccountId), []);
    const checks = openChecks(companyId, places);

    const pairOps = (reversalSerial: number) => {
      // Revaluation lines carry currency figures (the base of the currency they revalue).
      const shard = pickShard(true);
      const posting: Posting = { postingDate: at.day, financialYearId: at.year.id, periodId: at.period.id };
      const reversalPosting: Posting = { postingDate: next.day, financialYearId: next.year.id, periodId: next.period.id };
      const pair = pairOf(posting, { id: reversalId, serialNumber: reversalSerial, posting: reversalPosting });
      const revaluation: Placed<typeof pair.revaluation> = { ...pair.revaluation, balanceShard: shard };
      const reversal: Placed<typeof pair.reversal> = { ...pair.reversal, balanceShard: pickOtherShard(shard, true) };
      return [
        putNewJournalOp(companyId, revaluation),
        putNewJournalOp(companyId, reversal),
        ...checks,
        ...postingItemOps(companyId, revaluation, figures.revaluation),
        ...postingItemOps(companyId, reversal, figures.reversal),
        ...references,
        revaluationMadeOp(companyId, day),
      ];
    };
    // The reversal's serial number is drawn only for a pair that fits: a wide reversal draws its own.
    if (fitsOneTransaction(pairOps(0))) return { posted: true, response: await uow.commit(pairOps(await drawSerial(companyId)), response) };

    await transactWrite([
      putNewJournalOp(companyId, draft),
      ...references,
      revaluationMadeOp(companyId, day, pending),
      ...revaluationStartedOps(companyId, at.day, planned.id, planned.now),
      ...checks,
      ...pending.periodIds.map((p) => periodPostingsOp(companyId, p, 1)),
    ]);
    return { posted: false };
  },
};
