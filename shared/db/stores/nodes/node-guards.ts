import { randomInt } from 'node:crypto';
import { VersionConflict, type AppError } from '../../../errors.ts';
import { NODE_REFERENCE_SHARDS, type Key } from '../../table/keys.ts';
import * as keys from '../../table/keys.ts';
import type { NodeConditionName, NodeRecord } from '../../../tree/records.ts';
import { NODE_CONDITIONS } from '../node-conditions.ts';
import { conditions, mainTable, type Expr } from '../../table/table-ops.ts';
import type { WriteOp } from '../../table/transact.ts';
import { guardFree, type GuardAlongside } from '../../table/write-guard.ts';
import type { NodeKindRef } from './node-record.ts';

/**
 * A node's reference guards: NODE_REFERENCE_SHARDS small items, each beside the node's usage
 * items of one shard, that tell a new journal line what the node item would (docs/decisions.md,
 * Capacity). A draft's transaction checks one at random instead of the node item, so the
 * creates naming a busy account do not all touch one item. Every write that changes what the
 * check guards writes all of them with the node:
 * - a delete, or a change of a field fixed while the node is used (its currency), holds them
 *   with the node's guard while it looks for usage (node-usage.ts), and the delete marks them
 *   gone, the change copies the node's new fields, in its own transaction;
 * - any other change of the node's attributes (a cost center's status) copies them.
 * A guard never written means the node as the request read it (the journal's lines were
 * checked against it before the write).
 */

/** The node attributes the reference conditions read (node-conditions.ts), copied onto the guards. */
const GUARDED_ATTRIBUTES = ['accountType', 'status', 'currency'] as const;

const guardKeys = (ref: NodeKindRef, companyId: string, nodeId: string): Key[] =>
  Array.from({ length: NODE_REFERENCE_SHARDS }, (_, shard) => keys.nodeGuard(ref.kind, companyId, nodeId, shard));

/**
 * A journal may name this node (referenceCheckOp's conditions, on one guard at random unless
 * given): no delete or fixed-field change holds it, it is not deleted, and its copied fields
 * meet `must` and `also`.
 */
export function referenceGuardCheckOp(ref: NodeKindRef, companyId: string, nodeId: string, must: NodeConditionName, error: () => AppError, also?: Expr, shard = randomInt(NODE_REFERENCE_SHARDS)): WriteOp {
  const copied = conditions.all({ expression: 'attribute_not_exists(#gone)', names: { '#gone': 'gone' } }, NODE_CONDITIONS[must], also)!;
  const free = guardFree();
  return mainTable.check(
    keys.nodeGuard(ref.kind, companyId, nodeId, shard),
    {
      expression: `attribute_not_exists(pk) OR ((${free.expression}) AND (attribute_not_exists(#copied) OR (${copied.expression})))`,
      names: { ...copied.names, '#copied': 'copied' },
      values: { ...free.values, ...copied.values },
    },
    error,
  );
}

/** What a delete or fixed-field change holds and releases with the node item (write-guard.ts). */
export function nodeGuards(ref: NodeKindRef, companyId: string, nodeId: string): GuardAlongside {
  return { keys: guardKeys(ref, companyId, nodeId), entity: 'NodeGuard' };
}

/**
 * The guards say what the node now is (its guarded attributes), or that it is gone: in the
 * write's own transaction. A write that keeps the node and held its guard (`releasing`) lets go
 * of them too, conditionally on still holding them.
 */
export function copyToNodeGuardsOps(ref: NodeKindRef, companyId: string, node: NodeRecord | { id: string; gone: true }, releasing?: string): WriteOp[] {
  const attributes = 'gone' in node ? {} : (node.attributes as unknown as Record<string, unknown>);
  const names: Record<string, string> = { '#copied': 'copied' };
  const values: Record<string, unknown> = { ':copied': true, ':entity': 'NodeGuard' };
  const sets = ['#copied = :copied', 'entity = :entity'];
  const removes: string[] = [];
  if ('gone' in node) (sets.push('#gone = :gone'), (names['#gone'] = 'gone'), (values[':gone'] = true));
  GUARDED_ATTRIBUTES.forEach((field, i) => {
    names[`#a${i}`] = field;
    if (attributes[field] === undefined) removes.push(`#a${i}`);
    else (sets.push(`#a${i} = :a${i}`), (values[`:a${i}`] = attributes[field]));
  });
  if (releasing) removes.push('guard', 'guardUntil');
  const expression = `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`;
  const held = releasing ? { condition: { expression: 'guard = :guard', values: { ':guard': releasing } }, onConditionFailed: () => new VersionConflict() } : {};
  return guardKeys(ref, companyId, node.id).map((key) => mainTable.update(key, { expression, names, values }, held));
}
