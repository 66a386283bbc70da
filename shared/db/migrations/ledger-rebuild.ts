import { config } from '../../config.ts';
import type { FiguresOfPosting } from '../../journals/posting-figures.ts';
import { bulkWrite, type BulkRequest } from '../table/batch-write.ts';
import { journalFromItem } from '../ledger/journal-store.ts';
import * as keys from '../table/keys.ts';
import { LedgerFold } from '../ledger/ledger-fold.ts';
import { withPrefix } from '../table/prefix-query.ts';
import { queryAll } from '../table/query-all.ts';
import { getItem } from '../table/table-ops.ts';
import { companyIds } from './company-ids.ts';
import { postingGuardItems } from './layout-06-posting-guards.ts';
import { ledgerItemPlaces } from './layout-07-ledger-partitions.ts';
import { moveJournals } from './layout-09-journal-partitions.ts';
import { moveEventsAndHistories } from './layout-10-event-partitions.ts';
import { moveBookChanges } from './layout-11-book-change-partitions.ts';

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
// Layouts 3, 4, 5 and 8 change only how balance and ledger items are built: the fold below
// builds them anew. The others have a module each (layout-NN-*.ts) owning the keys they leave.

/**
 * Rebuilds a company's balance and ledger items from its posted journals: every balance item
 * gets the totals of the journals posted (or reversed) now, every such journal its ledger items,
 * every year its posting guards,
 * and any other balance or ledger item (an older layout's, such as one under the company's own
 * partition key, or one left by a crash of a bulk write) is deleted. New items are written before
 * old ones are deleted, so a crash between leaves a company to rebuild again, never one without
 * items; the marker is written only once every company is done. Idempotent. Run while nothing
 * posts into the company (a maintenance window). Each journal's figures come from `figuresOf`, the
 * domain's rule (journals/posting-figures.ts postingFigures) the caller hands in (infra/ops/rebuild-ledger.ts,
 * infra/local/start.ts).
 */
export async function rebuildCompanyLedger(companyId: string, figuresOf: FiguresOfPosting): Promise<{ journals: number; written: number; deleted: number }> {
  await moveJournals(companyId);
  await moveEventsAndHistories(companyId);
  await moveBookChanges(companyId);
  const fold = new LedgerFold(companyId, figuresOf);
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
  const places = ledgerItemPlaces(companyId);
  const stale: BulkRequest[] = [];
  for (const { at, prefix } of places) {
    for await (const item of queryAll({ TableName: config.tableName, ...withPrefix(at, prefix), ConsistentRead: true, ProjectionExpression: 'pk, sk' })) {
      if (!kept.has(`${at} ${item.sk as string}`)) stale.push({ delete: { pk: at, sk: item.sk as string } });
    }
  }
  const guards = await postingGuardItems(companyId);
  const written = await bulkWrite([...keep, ...guards].map((put) => ({ put })));
  const deleted = await bulkWrite(stale);
  return { journals, written, deleted };
}

/** Rebuilds every company of the table, then marks the table's layout. Returns the companies rebuilt. */
export async function rebuildAllLedgers(figuresOf: FiguresOfPosting, onCompany?: (companyId: string, result: Awaited<ReturnType<typeof rebuildCompanyLedger>>) => void): Promise<number> {
  let rebuilt = 0;
  for await (const companyId of companyIds()) {
    // Rebuilt first: an absent callback must not skip the call in its arguments.
    const result = await rebuildCompanyLedger(companyId, figuresOf);
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
export async function ensureLedgerLayout(figuresOf: FiguresOfPosting): Promise<number> {
  const marker = await getItem(keys.ledgerLayout(), { consistent: true });
  if ((marker?.layout as number | undefined) === LEDGER_LAYOUT) return 0;
  return rebuildAllLedgers(figuresOf);
}
