import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { pinWanted, PIN_MS, RENEW_BEFORE_MS } from '../../tree/use-pin.ts';
import { db } from '../client.ts';
import { keys } from '../keys.ts';
import type { Expr } from '../table-ops.ts';
import { guardFree } from '../write-guard.ts';
import type { NodeRecord } from './node-record.ts';
import type { NodeKindRef } from './node-writes.ts';

/**
 * Use pins on the node item (tree/use-pin.ts): taken by a function instance
 * that saw drafts naming the account conflict on its reference guards, renewed while drafts keep
 * naming it, never shortened. Every write that needs the node unused refuses while one lives
 * (node-usage.ts reads it after holding the node; its write requires notPinned()).
 */

/** No live pin on the node: the condition of every write that needs it unused. */
export const notPinned = (): Expr => ({ expression: 'attribute_not_exists(pinnedUntil) OR pinnedUntil < :pinNow', values: { ':pinNow': Date.now() } });

/** Nodes this instance saw a draft's reference check conflict on, and when it last tried to pin each. */
const busy = new Map<string, number>();
/** Bound on the instance's memory of busy nodes; past it, it starts over. */
const MAX_BUSY = 10_000;
/** An instance tries to take or renew one node's pin at most this often. */
const RETRY_MS = 10_000;

export function markBusy(nodeId: string): void {
  if (busy.size >= MAX_BUSY) busy.clear();
  if (!busy.has(nodeId)) busy.set(nodeId, 0);
}

/** Whether this instance should take or renew the node's pin now (it is busy, its pin wanted, not tried lately). */
export function wantsPin(node: NodeRecord, now = Date.now()): boolean {
  const tried = busy.get(node.id);
  return tried !== undefined && now - tried >= RETRY_MS && pinWanted(node.pinnedUntil, now);
}

/**
 * Takes or renews the node's pin: only on the node as read (its version), when no write that
 * needs it unused holds it (its guard), and only to lengthen it. Refused or failed, it leaves
 * things as they were: the pin only spares later drafts a check.
 */
export async function pinNode(ref: NodeKindRef, companyId: string, node: NodeRecord): Promise<void> {
  const now = Date.now();
  busy.set(node.id, now);
  const free = guardFree();
  await db()
    .send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.node(ref.kind, companyId, node.id),
        UpdateExpression: 'SET pinnedUntil = :until',
        ConditionExpression: `attribute_exists(pk) AND version = :version AND (${free.expression}) AND (attribute_not_exists(pinnedUntil) OR pinnedUntil < :renewBelow)`,
        ExpressionAttributeValues: { ':until': now + PIN_MS, ':version': node.version, ':renewBelow': now + RENEW_BEFORE_MS, ...free.values },
      }),
    )
    .catch(() => undefined);
}
