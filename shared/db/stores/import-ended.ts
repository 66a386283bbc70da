import { StateConflict } from '../../errors.ts';
import { importJobKey } from '../table/keys.ts';
import { mainTable } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * The import that wrote a journal has ended, in the transaction of the journal's Void or
 * adjustment: while it runs, a job that stops puts its balance items again from the journals it
 * wrote (write-journals.ts windDownJournals), which would overwrite what the Void took off them.
 * A job item no longer kept counts as ended. Errors: StateConflict PostingInProgress.
 */
export function importEndedCheckOp(companyId: string, importId: string): WriteOp {
  return mainTable.check(
    importJobKey(companyId, importId),
    { expression: 'NOT (#status IN (:queued, :running))', names: { '#status': 'status' }, values: { ':queued': 'queued', ':running': 'running' } },
    () => new StateConflict('PostingInProgress', 'The import that wrote this journal is still under way; void or adjust it once the import has ended.'),
  );
}
