import { config } from '../../../config.ts';
import { StateConflict } from '../../../errors.ts';
import { batchGetItems } from '../../table/batch-get.ts';
import { importUnderWay } from '../import-store.ts';
import * as keys from '../../table/keys.ts';
import { withPrefix } from '../../table/prefix-query.ts';
import { queryAll } from '../../table/query-all.ts';
import { withWriteGuard } from '../../table/write-guard.ts';
import { nodeGuards } from './node-guards.ts';
import type { NodeRecord } from '../../../tree/records.ts';
import type { NodeKindRef } from './node-record.ts';
import { operationNamed, WAY_OUT_DEACTIVATE_COST_CENTER } from '../../../schemas/api-paths.ts';

/**
 * How long a usage item counts without its journal naming the node: a wide draft writes its
 * usage items before the journal (and drops the old ones after it), well within a request.
 */
export const USAGE_LEASE_MS = 5 * 60_000;

/** Usage items read per batch of journal reads. */
const BATCH = 25;

/**
 * Runs the write (a delete, or a change of a field fixed while the node is used) once no journal
 * names the node, holding off new references meanwhile (on the node item and its reference
 * guards, node-guards.ts); the write must hold the guard, a write that keeps the node must clear
 * it, and the write must copy its outcome to the reference guards (copyToNodeGuardsOps). Errors: VersionConflict, StateConflict (InUse,
 * naming `field` when given).
 */
export async function withNoUsage(ref: NodeKindRef, companyId: string, node: NodeRecord, write: (guard: string) => Promise<void>, field?: string): Promise<void> {
  const refusal = field
    ? new StateConflict('InUse', `${ref.label} is used by journal lines, so its ${field} can no longer change.`, field)
    : new StateConflict('InUse', `${ref.label} is used by journal lines, so it cannot be deleted${ref.kind === 'COST_CENTER' ? `; deactivate it instead (${operationNamed(WAY_OUT_DEACTIVATE_COST_CENTER(), { companyId, id: node.id })}): it then takes no new lines` : ''}.`);
  // A pinned node (use-pins.ts) counts as used.
  const stillFree = async () => ((await inUse(ref, companyId, node.id)) ? refusal : undefined);
  await withWriteGuard(keys.node(ref.kind, companyId, node.id), node.version, stillFree, write, nodeGuards(ref, companyId, node.id), () => refusal);
}

/**
 * Whether a live usage item names the node: one whose journal names it, or one written within
 * the lease (its journal may be being written). Others are left over from a wide draft's write
 * that failed half-way, and do not count.
 */
async function inUse(ref: NodeKindRef, companyId: string, nodeId: string): Promise<boolean> {
  let batch: Array<Record<string, unknown>> = [];
  // An import's usage item names many journals (node-references.ts, importUsageItem); one naming none is only as live as its lease.
  const journalIdsOf = (u: Record<string, unknown>) => (u.journalIds as string[] | undefined) ?? (typeof u.journalId === 'string' ? [u.journalId] : []);
  const anyLive = async () => {
    const journals = await batchGetItems([...new Set(batch.flatMap(journalIdsOf))].map((id) => keys.journal(companyId, id)));
    const naming = new Set(
      journals.filter((j) => (j.entries as Array<{ accountId: string; costCenterId: string | null }>).some((l) => l.accountId === nodeId || l.costCenterId === nodeId)).map((j) => j.id as string),
    );
    const fresh = (u: Record<string, unknown>) => typeof u.createdAt === 'number' && u.createdAt > Date.now() - USAGE_LEASE_MS;
    if (batch.some((u) => journalIdsOf(u).some((id) => naming.has(id)) || fresh(u))) return true;
    // An import still under way has not written every journal its usage items name yet.
    for (const u of batch) if (typeof u.importId === 'string' && (await importUnderWay(companyId, u.importId))) return true;
    return false;
  };
  // Every shard of the node's usage items, then the company's key where older ones are.
  for (const { pk, prefix } of keys.nodeUsagePlaces(ref.kind, companyId, nodeId)) {
    for await (const usage of queryAll({ TableName: config.tableName, ...withPrefix(pk, prefix), ConsistentRead: true })) {
      batch.push(usage);
      if (batch.length < BATCH) continue;
      if (await anyLive()) return true;
      batch = [];
    }
  }
  return batch.length > 0 && anyLive();
}
