import type { PendingRevaluation, RevaluationDay } from '../../revaluations/records.ts';
import { StateConflict, VersionConflict } from '../../errors.ts';
import * as keys from '../table/keys.ts';
import { conditions, getItem, mainTable } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/** Storage of the revaluations of each date (the record is typed in shared/revaluations/records.ts). */

/** The date's revaluations (strongly consistent); version 0 when none was ever made. */
export async function getRevaluationDay(companyId: string, date: string): Promise<RevaluationDay> {
  const item = await getItem(keys.revaluationDay(companyId, date), { consistent: true });
  return { date, version: Number(item?.version ?? 0), pending: item?.pending as PendingRevaluation | undefined };
}

/** Raised when another revaluation of the date committed after this one read the day: read the balances again. */
export class RevaluationRaced extends VersionConflict {
  constructor() {
    super('Another revaluation at this date was made meanwhile; send the request again.');
  }
}

/** Counts a revaluation of the day, on the version read (RevaluationRaced otherwise); with `pending`, it is under way. */
export function revaluationMadeOp(companyId: string, day: RevaluationDay, pending?: PendingRevaluation): WriteOp {
  return mainTable.put(
    { ...keys.revaluationDay(companyId, day.date), entity: 'RevaluationDay', date: day.date, version: day.version + 1, ...(pending ? { pending } : {}) },
    { condition: day.version === 0 ? conditions.absent : conditions.atVersion(day.version), onConditionFailed: () => new RevaluationRaced() },
  );
}

/** Ends the day's pending revaluation `journalId`. Errors: StateConflict RevaluationInProgress when another request ended it first. */
export function revaluationDoneOp(companyId: string, date: string, journalId: string): WriteOp {
  return mainTable.update(
    keys.revaluationDay(companyId, date),
    { expression: 'REMOVE pending' },
    {
      condition: { expression: 'pending.journalId = :journalId', values: { ':journalId': journalId } },
      onConditionFailed: () => new StateConflict('RevaluationInProgress', 'Another request finished this revaluation first; read its journals.'),
    },
  );
}
