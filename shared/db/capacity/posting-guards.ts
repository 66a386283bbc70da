import { NotFound, StateConflict, VersionConflict } from '../../errors.ts';
import { POSTING_SHARDS } from '../ledger/balance-store.ts';
import { guardKeys, type Key } from '../table/keys.ts';
import { conditions, mainTable, type Expr } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';
import { guardFree, type GuardAlongside } from '../table/write-guard.ts';
import type { YearRecord } from '../../financial-years/records.ts';
import { operationNamed, WAY_OUT_REOPEN_PERIOD } from '../../schemas/api-paths.ts';

/**
 * Posting guards: what a posting depends on (its year open and not held, its period open), copied
 * from the year item onto one item per posting shard, each under a partition key of its own. A
 * posting condition-checks only the guard of its own shard, so postings no longer all check the
 * one year item (about 3 KB, and every two transactions checking it at once cancel each other).
 * Every write that changes what they copy writes all of them in the same transaction as the
 * year item (POSTING_GUARDS + the year item + a few fit one transaction), so a posting and a
 * Lock, Close, Reopen, year close, re-dating or delete cannot both win.
 */
export const POSTING_GUARDS = POSTING_SHARDS;

/** The guard a posting of shard `shard` checks (an import's own shard, past the posting shards, folds back). */
export const guardOf = (shard: number) => shard % POSTING_GUARDS;

const everyGuard = (companyId: string, yearId: string): Key[] => Array.from({ length: POSTING_GUARDS }, (_, g) => guardKeys.postingGuard(companyId, yearId, g));

/** What the guards copy from a year: its status and its periods' statuses by id. */
const copied = (year: Pick<YearRecord, 'status' | 'periods'>) => ({ status: year.status, periods: Object.fromEntries(year.periods.map((p) => [p.id, p.status])) });

/** Whether a change of the year changes what its guards copy. */
export const guardsChange = (before: Pick<YearRecord, 'status' | 'periods'>, after: Pick<YearRecord, 'status' | 'periods'>) =>
  JSON.stringify(copied(before)) !== JSON.stringify(copied(after));

/** Puts every guard of the year as the year now is (no hold): with its creation and every change of what they copy. */
export function putGuardsOps(companyId: string, year: YearRecord): WriteOp[] {
  return everyGuard(companyId, year.id).map((key) => mainTable.put({ ...key, entity: 'PostingGuard', yearId: year.id, ...copied(year) }));
}

/**
 * A period's new status on every guard, one attribute each (not a whole put): two transitions of
 * different periods of one year, each read before the other committed, must not undo each other.
 */
export function periodGuardOps(companyId: string, yearId: string, periodId: string, status: string): WriteOp[] {
  return everyGuard(companyId, yearId).map((key) => mainTable.update(key, { expression: 'SET periods.#p = :status', names: { '#p': periodId }, values: { ':status': status } }));
}

/** Deletes every guard of the year, with the year. */
export function deleteGuardsOps(companyId: string, yearId: string): WriteOp[] {
  return everyGuard(companyId, yearId).map((key) => mainTable.delete(key));
}

/**
 * What a hold of the year (withNoPostings, the year's Close) also holds, so no posting or draft
 * commits while it checks: every guard, held and released with the year item (write-guard.ts).
 * A guard put by the guarded write itself (putGuardsOps) carries no hold.
 */
export function guardsHeldWithYear(companyId: string, yearId: string): GuardAlongside {
  return { keys: everyGuard(companyId, yearId) };
}

const yearOpen: Expr = { expression: '#status = :open', names: { '#status': 'status' }, values: { ':open': 'open' } };

/**
 * Posting into `periodIds` of a year, checked on the guard of the posting's shard: the year is
 * open and not held, and each period is open. Errors: NotFound (no such year), VersionConflict
 * (the year is held by a change under way), StateConflict PeriodNotOpen.
 */
export function openPeriodsGuardCheckOp(companyId: string, yearId: string, periodIds: readonly string[], shard: number): WriteOp {
  const periodsOpen = [...new Set(periodIds)].map((periodId, i): Expr => ({
    expression: `periods.#p${i} = :open`,
    names: { [`#p${i}`]: periodId },
    values: { ':open': 'open' },
  }));
  return mainTable.check(
    guardKeys.postingGuard(companyId, yearId, guardOf(shard)),
    conditions.all(yearOpen, ...periodsOpen, guardFree())!,
    (old) => {
      if (!old) return new NotFound('The financial year');
      const held = typeof old.guardUntil === 'number' && old.guardUntil >= Date.now();
      return held
        ? new VersionConflict('The financial year is being changed; retry shortly.')
        : new StateConflict('PeriodNotOpen', `The period of this date was locked or closed while this request ran; if it should take the posting, reopen it (${periodIds.length === 1 ? operationNamed(WAY_OUT_REOPEN_PERIOD(), { companyId, id: yearId, periodId: periodIds[0]! }) : 'Reopen'}), then send this request again.`, 'postingDate');
    },
    true,
  );
}
