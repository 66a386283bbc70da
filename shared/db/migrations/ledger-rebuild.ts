import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { bulkWrite, type BulkRequest } from '../table/batch-write.ts';
import { db } from '../table/client.ts';
import { journalFromItem } from '../ledger/journal-store.ts';
import { balanceKeys, keys, ledgerKeys } from '../table/keys.ts';
import { LedgerFold } from '../ledger/ledger-fold.ts';
import { moveNumberedItems } from './layout-moves.ts';
import { withPrefix } from '../table/prefix-query.ts';
import { queryAll } from '../table/query-all.ts';
import { getItem, type Item } from '../table/table-ops.ts';
import { putGuardsOps } from '../capacity/posting-guards.ts';
import { everyYear } from '../stores/year-store.ts';

/** The layout of balance and ledger items the code reads; a table marked with an older one is rebuilt. */
/** 3: foreign-currency balance items (BAL#X#) beside the base ones, and ledger lines with their currency. */
/** 4: foreign-currency balance items also carry the base amounts of their lines (baseDebit, baseCredit). */
/** 5: the figures in foreign currencies ride on the account total items (`<currency>:d`, `:c`, `:b`); no BAL#X# items. */
/** 6: every year has its posting guards (posting-guards.ts), which postings check instead of the year item. */
/** 7: balance items and ledger entries under partition keys of their own (balanceKeys.partitions, ledgerKeys.partitions), not the company's. */
/** 8: day balance items sort by date, then account (`BAL#T#D#<day>#<account>#...`), so a run of days of every account is one read. */
/** 9: journal items under partition keys of their own (keys.journalPartitions), not the company's. */
/** 10: numbered events and histories under partition keys of their own (keys.eventPartitions, historyKeys.record), not the company's. */
/** 11: book changes under partition keys of their own (knownKeys.bookChangePartitions), not the company's. */
export const LEDGER_LAYOUT = 11;

/**
 * Rebuilds a company's balance and ledger items from its posted journals: every balance item
 * gets the totals of the journals posted (or reversed) now, every such journal its ledger items,
 * every year its posting guards,
 * and any other balance or ledger item (an older layout's, such as one under the company's own
 * partition key, or one left by a crash of a bulk write) is deleted. New items are written before
 * old ones are deleted, so a crash between leaves a company to rebuild again, never one without
 * items; the marker is written only once every company is done. Idempotent. Run while nothing
 * posts into the company (a maintenance window).
 */
export async function rebuildCompanyLedger(companyId: string): Promise<{ journals: number; written: number; deleted: number }> {
  await moveJournals(companyId);
  await moveNumberedItems(companyId);
  const fold = new LedgerFold(companyId);
  let journals = 0;
  for (const pk of keys.journalPartitions(companyId)) {
    for await (const item of queryAll({ TableName: config.tableName, ...withPrefix(pk, keys.journalsPrefix()), ConsistentRead: true })) {
      const journal = journalFromItem(item);
      if (journal.status !== 'posted' && journal.status !== 'reversed') continue;
      fold.add(journal);
      journals++;
    }
  }
  const keep = [...fold.takeLedgerItems(), ...fold.balanceItems()];
  const kept = new Set(keep.map((i) => `${i.pk as string} ${i.sk as string}`));
  // Every key such items may be under: their own, and the company's, where layouts before 7 kept them.
  const places = [
    ...[balanceKeys.partitionBeforeSpread(companyId), ...balanceKeys.partitions(companyId)].map((at) => ({ at, prefix: balanceKeys.everyBalancePrefix() })),
    ...[ledgerKeys.partitionBeforeSpread(companyId), ...ledgerKeys.partitions(companyId)].map((at) => ({ at, prefix: ledgerKeys.everyLedgerPrefix() })),
  ];
  const stale: BulkRequest[] = [];
  for (const { at, prefix } of places) {
    for await (const item of queryAll({ TableName: config.tableName, ...withPrefix(at, prefix), ConsistentRead: true, ProjectionExpression: 'pk, sk' })) {
      if (!kept.has(`${at} ${item.sk as string}`)) stale.push({ delete: { pk: at, sk: item.sk as string } });
    }
  }
  // Posting guards as the years now are (a year written before guards existed has none).
  const guards = (await everyYear(companyId)).flatMap((year) => putGuardsOps(companyId, year).map((op) => op.item.Put!.Item as Item));
  const written = await bulkWrite([...keep, ...guards].map((put) => ({ put })));
  const deleted = await bulkWrite(stale);
  return { journals, written, deleted };
}

/**
 * Moves the journal items kept under the company's own key (layouts before 9) to their own keys:
 * each is written under its new key unless already there (a crash after its write), then the old
 * item deleted, so a crash between leaves it to move again, never lost.
 */
async function moveJournals(companyId: string): Promise<void> {
  const old: Item[] = [];
  for await (const item of queryAll({ TableName: config.tableName, ...withPrefix(keys.journalPartitionBeforeSpread(companyId), keys.journalsPrefix()), ConsistentRead: true })) old.push(item);
  if (old.length === 0) return;
  const moved = new Set<string>();
  for (const pk of keys.journalPartitions(companyId)) {
    for await (const item of queryAll({ TableName: config.tableName, ...withPrefix(pk, keys.journalsPrefix()), ConsistentRead: true, ProjectionExpression: 'sk' })) moved.add(item.sk as string);
  }
  await bulkWrite(old.filter((item) => !moved.has(item.sk as string)).map((item) => ({ put: { ...item, ...keys.journal(companyId, item.id as string) } })));
  await bulkWrite(old.map((item) => ({ delete: { pk: item.pk as string, sk: item.sk as string } })));
}

/** Every company of the table (a scan: for maintenance, never on a request path). */
async function* companyIds(): AsyncGenerator<string> {
  let startKey: Item | undefined;
  do {
    const page = await db().send(
      new ScanCommand({ TableName: config.tableName, FilterExpression: 'entity = :company', ExpressionAttributeValues: { ':company': 'Company' }, ProjectionExpression: 'id', ExclusiveStartKey: startKey }),
    );
    for (const item of page.Items ?? []) yield item.id as string;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** Rebuilds every company of the table, then marks the table's layout. Returns the companies rebuilt. */
export async function rebuildAllLedgers(onCompany?: (companyId: string, result: Awaited<ReturnType<typeof rebuildCompanyLedger>>) => void): Promise<number> {
  let rebuilt = 0;
  for await (const companyId of companyIds()) {
    // Rebuilt first: an absent callback must not skip the call in its arguments.
    const result = await rebuildCompanyLedger(companyId);
    onCompany?.(companyId, result);
    rebuilt++;
  }
  await bulkWrite([{ put: { ...keys.ledgerLayout(), entity: 'LedgerLayout', layout: LEDGER_LAYOUT } }]);
  return rebuilt;
}

/**
 * Brings a table's balance and ledger items to LEDGER_LAYOUT: unless the table is marked with
 * it, every company is rebuilt and the table marked. Returns the companies rebuilt.
 */
export async function ensureLedgerLayout(): Promise<number> {
  const marker = await getItem(keys.ledgerLayout(), { consistent: true });
  if ((marker?.layout as number | undefined) === LEDGER_LAYOUT) return 0;
  return rebuildAllLedgers();
}
