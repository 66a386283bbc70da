import type { AppError } from '../../../errors.ts';
import { VersionConflict } from '../../../errors.ts';
import * as keys from '../../table/keys.ts';
import type { NodeConditionName, NodeRecord } from '../../../tree/records.ts';
import { NODE_CONDITIONS } from '../node-conditions.ts';
import { conditions, mainTable, type Expr } from '../../table/table-ops.ts';
import type { WriteOp } from '../../table/transact.ts';
import { batchGetItems } from '../../table/batch-get.ts';
import { guardFree } from '../../table/write-guard.ts';
import type { NodeKindRef } from './node-record.ts';

/**
 * The items other records' writes add about a node: that a journal may name it, that it did
 * not change, and the usage items that keep a named node from being deleted.
 */
/**
 * A journal may name this node: it exists, no delete holds it, and it meets the named
 * condition (leaf account, active cost center) and `also` when given (an account's currency,
 * node-conditions.ts). Errors: the given error when it does not.
 */
export function referenceCheckOp(ref: NodeKindRef, companyId: string, nodeId: string, must: NodeConditionName, error: () => AppError, also?: Expr): WriteOp {
  return mainTable.check(keys.node(ref.kind, companyId, nodeId), conditions.all(conditions.present, guardFree(), NODE_CONDITIONS[must], also)!, error);
}

/** The node still exists at the version read (no move, code or attribute change since). */
export function unchangedCheckOp(ref: NodeKindRef, companyId: string, node: NodeRecord): WriteOp {
  return mainTable.check(keys.node(ref.kind, companyId, node.id), conditions.atVersion(node.version), () =>
    new VersionConflict(`${ref.label} or one of its parents changed meanwhile; read it again and retry.`),
  );
}

/**
 * One usage item per (node, journal naming it): while one is live the node cannot be deleted
 * (node-usage.ts). A wide draft writes its usage items before the journal itself, so each
 * records when it was written.
 */
export function usagePutOp(ref: NodeKindRef, companyId: string, nodeId: string, journalId: string): WriteOp {
  return mainTable.put({ ...keys.nodeUsage(ref.kind, companyId, nodeId, journalId), entity: 'Usage', nodeId, journalId, createdAt: Date.now() });
}

/**
 * One usage item for many journals of a bulk import naming the node: live while any of them
 * names it, and, before they are written, while the import that writes them is unfinished
 * (node-usage.ts). `groupId` stands where a journal id stands in the key.
 */
export function importUsageItem(ref: NodeKindRef, companyId: string, nodeId: string, groupId: string, journalIds: readonly string[], importId: string): Record<string, unknown> {
  return { ...keys.nodeUsage(ref.kind, companyId, nodeId, groupId), entity: 'Usage', nodeId, journalId: groupId, journalIds: [...journalIds], importId, createdAt: Date.now() };
}

export function usageDeleteOp(ref: NodeKindRef, companyId: string, nodeId: string, journalId: string): WriteOp {
  return mainTable.delete(keys.nodeUsage(ref.kind, companyId, nodeId, journalId));
}


/**
 * The nodes among `ids` a journal may not name now: gone, held by a delete (its guard live), or
 * no longer meeting `usable` (a leaf account, an active cost center). A bulk import reads this
 * after writing its usage items, which hold off every later delete.
 */
export async function unusableNodes(ref: NodeKindRef, companyId: string, ids: readonly string[], usable: (item: Record<string, unknown>) => boolean): Promise<string[]> {
  const found = new Map((await batchGetItems(ids.map((id) => keys.node(ref.kind, companyId, id)))).map((item) => [item.id as string, item]));
  const now = Date.now();
  return ids.filter((id) => {
    const item = found.get(id);
    return !item || (typeof item.guardUntil === 'number' && item.guardUntil >= now) || !usable(item);
  });
}
