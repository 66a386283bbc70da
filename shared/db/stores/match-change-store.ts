import { config } from '../../config.ts';
import type { MatchChange } from '../../reconciliation/match-changes.ts';
import type { MatchRecord } from '../../reconciliation/records.ts';
import { queryAll } from '../table/query-all.ts';
import { withRange } from '../table/prefix-query.ts';
import { reconciliationKeys as keys } from '../table/keys.ts';
import { mainTable, recordOf, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * The matches made and undone in a bank account (reconciliation/match-changes.ts), under the
 * account's own partition by the instant each committed: written by the sequencer in the
 * transaction that numbers their events (never in the write path) and kept for good (no
 * `purgeAt`). The match is kept as JSON text (the document client would hand its decimals back wrapped).
 */
const FIELDS = ['companyId', 'accountId', 'occurredAt', 'sequence', 'effect'] as const;

export function matchChangeOp(change: MatchChange): WriteOp {
  const { match, ...fields } = change;
  return mainTable.put({ ...keys.matchChange(change.companyId, change.accountId, change.occurredAt, change.sequence), entity: 'MatchChange', ...fields, matchJson: JSON.stringify(match) });
}

const changeFromItem = (item: Item): MatchChange => ({ ...recordOf<Omit<MatchChange, 'match'>>(item, FIELDS), match: JSON.parse(item.matchJson as string) as MatchRecord });

/** The account's match changes committed after `instant`, oldest first (strongly consistent), at most `limit + 1`. */
export async function matchChangesAfter(companyId: string, accountId: string, instant: string, limit: number): Promise<MatchChange[]> {
  const found: MatchChange[] = [];
  for await (const item of queryAll({ TableName: config.tableName, ...withRange(keys.partition(companyId, accountId), keys.matchChangesAfter(instant)), ConsistentRead: true })) {
    found.push(changeFromItem(item));
    if (found.length > limit) break;
  }
  return found;
}
