import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/keys.ts';

/** Every item of the company's partition, in key order: any write to the company shows here. */
export async function companyItems(companyId: string): Promise<string> {
  const items: unknown[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({ TableName: config.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.company(companyId).pk }, ExclusiveStartKey: startKey, ConsistentRead: true }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  // Numbering moves earlier changes' pending events (EVENTQ#) into the feed (EVENT#, EVENTSEQ,
  // HISTORY#, and what they did to the books: BOOKCHANGE#, PERIODSTATE#, BOOKSUM#): housekeeping
  // any request may run (a stored report numbers up to now first), not a change of its own. A
  // rejected request may never add a pending event, nor touch anything else.
  const numbered = (sk: string) => ['EVENT#', 'HISTORY#', 'BOOKCHANGE#', 'PERIODSTATE#', 'BOOKSUM#'].some((prefix) => sk.startsWith(prefix)) || sk === 'EVENTSEQ';
  const kept = items.filter((item) => !numbered((item as { sk: string }).sk)).map((item) => {
    const { sk } = item as { sk: string };
    return sk.startsWith('EVENTQ#') ? { sk } : item;
  });
  return JSON.stringify(kept, (_key, value) =>
    // Attribute order is not part of an item: compare with keys sorted.
    value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))) : value,
  );
}

/** The company as before, but for pending events numbered meanwhile (gone from `after`, never added). */
export function unchangedButNumbered(before: string, after: string): boolean {
  const pending = (items: string) => new Set((JSON.parse(items) as Array<{ sk: string }>).filter((i) => i.sk.startsWith('EVENTQ#')).map((i) => i.sk));
  const rest = (items: string) => JSON.stringify((JSON.parse(items) as Array<{ sk: string }>).filter((i) => !i.sk.startsWith('EVENTQ#')));
  const was = pending(before);
  return rest(before) === rest(after) && [...pending(after)].every((sk) => was.has(sk));
}

/** The items that differ between two snapshots (pending events aside): what a request wrote, for a failure message. */
export function changedItems(before: string, after: string): { added: unknown[]; removed: unknown[] } {
  const lines = (items: string) => (JSON.parse(items) as Array<{ sk: string }>).filter((i) => !i.sk.startsWith('EVENTQ#')).map((i) => JSON.stringify(i));
  const was = new Set(lines(before));
  const now = new Set(lines(after));
  return { added: [...now].filter((l) => !was.has(l)).map((l) => JSON.parse(l)), removed: [...was].filter((l) => !now.has(l)).map((l) => JSON.parse(l)) };
}
