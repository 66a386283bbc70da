import { StateConflict } from '../../errors.ts';
import { keys } from '../keys.ts';
import { anyWithPrefix } from '../prefix-query.ts';
import { withWriteGuard } from '../write-guard.ts';
import type { NodeRecord } from './node-record.ts';
import type { NodeKindRef } from './node-writes.ts';

/**
 * Runs the delete once no journal names the node, holding off new references meanwhile.
 * Errors: VersionConflict, StateConflict (InUse).
 */
export async function withNoUsage(ref: NodeKindRef, companyId: string, node: NodeRecord, write: (guard: string) => Promise<void>): Promise<void> {
  await withWriteGuard(
    keys.node(ref.kind, companyId, node.id),
    node.version,
    async () =>
      (await anyWithPrefix(keys.company(companyId).pk, keys.nodeUsagePrefix(ref.kind, node.id))) ? new StateConflict('InUse', `${ref.label} is used by journal lines.`) : undefined,
    write,
  );
}
