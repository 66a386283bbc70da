import { eventDataOf, storedEventData } from '../../../shared/db/events/event-data.ts';
import { config } from '../../../shared/config.ts';
import { withPrefix } from '../../../shared/db/table/prefix-query.ts';
import { queryAll } from '../../../shared/db/table/query-all.ts';
import { balanceKeys, historyKeys, knownKeys, ledgerKeys } from '../../../shared/db/table/keys.ts';
import * as keys from '../../../shared/db/table/keys.ts';

type Row = Record<string, unknown>;

/** Every item under the partition keys whose sort key starts with the prefix, key after key (strongly consistent). */
async function itemsUnder(pks: readonly string[], prefix: string): Promise<Row[]> {
  const found: Row[] = [];
  for (const pk of pks) for await (const item of queryAll({ TableName: config.tableName, ...withPrefix(pk, prefix), ConsistentRead: true })) found.push(item);
  return found;
}

/** A company's balance items whose sort key starts with the prefix, from every key they are spread over. */
export const balanceItems = (companyId: string, prefix: string) => itemsUnder(balanceKeys.partitions(companyId), prefix);

/** A company's ledger entries whose sort key starts with the prefix, from every key they are spread over. */
export const ledgerItems = (companyId: string, prefix: string) => itemsUnder(ledgerKeys.partitions(companyId), prefix);

/** A company's numbered events, from every key they are spread over. */
export const eventItems = (companyId: string) => itemsUnder(keys.eventPartitions(companyId), keys.eventPrefix);

/** The history items of one record. */
export const versionItems = (companyId: string, kind: string, recordId: string) => itemsUnder([historyKeys.record(companyId, kind, recordId)], historyKeys.recordPrefix(kind, recordId));

/** A company's book changes, from every key they are spread over. */
export const bookChangeItems = (companyId: string) => itemsUnder(knownKeys.bookChangePartitions(companyId), knownKeys.bookChangePrefix);

/** A company's pending events (the outbox), at its own key and every shard. */
export const pendingItems = (companyId: string) => itemsUnder([keys.pendingEventHome(companyId), ...keys.pendingEventShards(companyId)], keys.pendingEventPrefix);

/** An event's item with one text in its data replaced, kept as the service keeps data (a change made behind the API). */
export function withDataReplaced(item: Row, text: string, replacement: string): Row {
  return { ...item, ...storedEventData(JSON.parse(JSON.stringify(eventDataOf(item)).replace(text, replacement))) };
}
