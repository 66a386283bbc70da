import { gunzipSync } from 'node:zlib';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { HistoryRecord } from '../../audit/records.ts';
import type { AuditedKind } from '../../audit/record-state.ts';
import type { SequencedEvent } from '../../events/event-record.ts';
import type { Page } from '../../schemas/list-query.ts';
import { config } from '../../config.ts';
import { db } from '../table/client.ts';
import type { CursorBinding } from '../table/cursor.ts';
import { onlyAttributes, withPrefix, withRange } from '../table/prefix-query.ts';
import { queryAll } from '../table/query-all.ts';
import { historyKeys } from '../table/keys.ts';
import { queryPage } from '../table/paginate.ts';
import { mainTable, recordOf, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * The histories of journals, accounts, cost centers, tax codes and counterparties: one item per version, written by the
 * sequencer with the event that made it (never in the write path), and kept for good: no
 * `purgeAt`, so they outlive the events (35 days). The state is the record as the change
 * answered it: JSON text, or gzip-compressed JSON when the event left it out for its size.
 */

const FIELDS = ['kind', 'recordId', 'version', 'type', 'actor', 'requestId', 'occurredAt', 'eventId', 'sequence', 'hash'] as const;

/** The history item of an event that changed a followed record (in the numbering transaction). */
export function historyOp(kind: AuditedKind, event: SequencedEvent): WriteOp {
  const state = event.omittedState ? { stateGz: event.omittedState } : { stateJson: event.data === null ? null : JSON.stringify(event.data) };
  return mainTable.put({
    ...historyKeys.version(event.companyId, kind, event.recordId, event.version, event.sequence),
    entity: 'History',
    kind,
    recordId: event.recordId,
    version: event.version,
    type: event.type,
    actor: event.actor,
    requestId: event.requestId,
    occurredAt: event.occurredAt,
    eventId: event.eventId,
    sequence: event.sequence,
    hash: event.hash,
    ...state,
  });
}

function historyFromItem(item: Item): HistoryRecord {
  const text = item.stateGz instanceof Uint8Array ? gunzipSync(item.stateGz).toString('utf8') : typeof item.stateJson === 'string' ? item.stateJson : 'null';
  return { ...recordOf<Omit<HistoryRecord, 'state'>>(item, FIELDS), state: JSON.parse(text) as HistoryRecord['state'] };
}

/** A page of one record's versions, oldest first. */
export async function historyPage(companyId: string, kind: AuditedKind, recordId: string, pageSize: number, page: string | undefined): Promise<Page<HistoryRecord>> {
  const binding: CursorBinding = { companyId, endpoint: `history.${kind}`, orderBy: 'Version', orderAsc: true, filters: { recordId } };
  const prefix = historyKeys.recordPrefix(kind, recordId);
  // Wide journals' states are large: a page stops before it nears a response's 6 MB.
  const found = await queryPage({ partition: historyKeys.record(companyId, kind, recordId), pageSize, page, binding, range: { from: prefix, to: `${prefix}~` }, maxBytes: 4_000_000 });
  return { ...found, results: found.results.map(historyFromItem) };
}

/** A record's last state recorded before `version` (strongly consistent), or undefined when none is kept. */
export async function stateBefore(companyId: string, kind: AuditedKind, recordId: string, version: number): Promise<HistoryRecord['state'] | undefined> {
  const prefix = historyKeys.recordPrefix(kind, recordId);
  const below = historyKeys.version(companyId, kind, recordId, version, 0).sk;
  const { Items } = await db().send(
    new QueryCommand({ TableName: config.tableName, ...withRange(historyKeys.record(companyId, kind, recordId), { from: prefix, to: below }), ConsistentRead: true, ScanIndexForward: false, Limit: 1 }),
  );
  const item = Items?.[0];
  return item && String(item.sk) < below ? historyFromItem(item).state : undefined;
}

/** What a kept version says of who made it, without its state (a wide journal's is large). */
const VERSION_FIELDS = ['version', 'type', 'actor', 'occurredAt'] as const;
type KeptVersion = Pick<HistoryRecord, (typeof VERSION_FIELDS)[number]>;

/** A journal's kept versions without their states, oldest first (strongly consistent): which change made each, who, when. */
export async function journalVersions(companyId: string, journalId: string): Promise<KeptVersion[]> {
  const versions: KeptVersion[] = [];
  const at = withPrefix(historyKeys.record(companyId, 'journal', journalId), historyKeys.recordPrefix('journal', journalId));
  for await (const item of queryAll({ TableName: config.tableName, ...at, ...onlyAttributes(VERSION_FIELDS), ConsistentRead: true })) versions.push(recordOf<KeptVersion>(item, VERSION_FIELDS));
  return versions;
}
