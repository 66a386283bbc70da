import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import type { LedgerJournal, LedgerOrder, LedgerPlace, LedgerRow } from '../../journals/ledger-entries.ts';
import type { LedgerEntries, LedgerLine } from '../../journals/rules.ts';
import { db } from '../table/client.ts';
import { ledgerKeys } from '../table/keys.ts';
import { withRange } from '../table/prefix-query.ts';
import { mainTable, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * The accounts' ledgers: for every posted journal, one item per account it names, holding the
 * journal's lines on that account. Posting writes them and voiding or adjusting deletes them,
 * in the same transaction as the balances, so an account statement reads its own lines in
 * posting order and never another account's. What an entry holds is the use cases' (journals/rules.ts
 * ledgerEntries), and the ledger's order too (journals/ledger-entries.ts sortsBefore): both handed in.
 */

/** The ledger entries posting the journal puts (ledgerOps), as items: a bulk import puts them outside transactions. */
export const ledgerItems = (companyId: string, journal: LedgerJournal, entries: LedgerEntries): Item[] => ledgerOps(companyId, journal, entries, 1).map((op) => op.item.Put!.Item as Item);

/** Writes (posting) or deletes (void, adjust) the journal's ledger entries, and its tax ledger entry when it has taxed lines. */
export function ledgerOps(companyId: string, journal: LedgerJournal, entries: LedgerEntries, sign: 1 | -1): WriteOp[] {
  return [...accountEntryOps(companyId, journal, entries.byAccount, sign), ...taxEntryOps(companyId, journal, entries.taxed, sign)];
}

/** The journal's taxed lines in one entry of the tax ledger (tax-ledger.ts reads them). */
function taxEntryOps(companyId: string, journal: LedgerJournal, lines: LedgerEntries['taxed'], sign: 1 | -1): WriteOp[] {
  if (lines.length === 0) return [];
  const key = ledgerKeys.taxEntry(companyId, journal.postingDate, journal.serialNumber, journal.id);
  if (sign === -1) return [mainTable.delete(key)];
  return [mainTable.put({ ...key, entity: 'TaxLedgerEntry', ...journalFields(journal), lines })];
}

const journalFields = (journal: LedgerJournal) => ({
  journalId: journal.id,
  serialNumber: journal.serialNumber,
  date: journal.date,
  postingDate: journal.postingDate,
  ...(journal.description ? { description: journal.description } : {}),
  ...(journal.reference ? { reference: journal.reference } : {}),
});

function accountEntryOps(companyId: string, journal: LedgerJournal, byAccount: LedgerEntries['byAccount'], sign: 1 | -1): WriteOp[] {
  return [...byAccount].map(([accountId, lines]) => {
    const key = ledgerKeys.ledgerEntry(companyId, accountId, journal.postingDate, journal.serialNumber, journal.id);
    if (sign === -1) return mainTable.delete(key);
    return mainTable.put({
      ...key,
      entity: 'LedgerEntry',
      accountId,
      ...journalFields(journal),
      lines,
    });
  });
}

/**
 * A journal's rows as its ledger entries hold them, on every account it names (for the ledgers as
 * they stood at a moment, audit/ledger-at.ts), its lines grouped by `linesByAccount` (journals/rules.ts).
 */
export function ledgerRowsOf(journal: LedgerJournal, linesByAccount: (lines: LedgerJournal['entries']) => LedgerEntries['byAccount']): LedgerRow[] {
  return [...linesByAccount(journal.entries)].flatMap(([accountId, lines]) => {
    const position = ledgerKeys.ledgerEntry('', accountId, journal.postingDate, journal.serialNumber, journal.id).sk.slice(ledgerKeys.ledgerPrefix(accountId).length);
    const fields = { accountId, position, journalId: journal.id, serialNumber: journal.serialNumber, date: journal.date, postingDate: journal.postingDate, description: journal.description ?? null, reference: journal.reference ?? null };
    return lines.map((line) => ({ ...line, ...fields }));
  });
}

/**
 * Up to `limit` lines of an account's ledger posted from `from` to `to`, after `after` when
 * given, that `keep` accepts, in ledger order (`before`). Reads only that account's entries: each partition
 * key they are spread over (ledgerKeys.partitions) is read at once for up to `limit` lines in its
 * own sort-key order, and the answers merged; the first `limit` of the merge are exact, as no key
 * can hold an earlier line than the `limit` it answered.
 */
export async function ledgerLines(
  companyId: string,
  accountId: string,
  range: { from: string; to: string },
  after: LedgerPlace | undefined,
  limit: number,
  keep: (row: LedgerRow) => boolean,
  before: LedgerOrder,
): Promise<LedgerRow[]> {
  const answers = await Promise.all(ledgerKeys.partitions(companyId).map((pk) => linesUnder(pk, accountId, range, after, limit, keep, before)));
  return answers
    .flat()
    .sort((a, b) => (before(a, b) ? -1 : 1))
    .slice(0, limit);
}

/** Up to `limit` lines of the account's ledger under one partition key, in its sort-key order. */
async function linesUnder(
  pk: string,
  accountId: string,
  range: { from: string; to: string },
  after: LedgerPlace | undefined,
  limit: number,
  keep: (row: LedgerRow) => boolean,
  before: LedgerOrder,
): Promise<LedgerRow[]> {
  const bounds = ledgerKeys.ledgerRange(accountId, range.from, range.to);
  const prefix = ledgerKeys.ledgerPrefix(accountId);
  const start = after && after.position >= bounds.from.slice(prefix.length) ? `${prefix}${after.position}` : bounds.from;
  const rows: LedgerRow[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await db().send(
      new QueryCommand({
        TableName: config.tableName,
        ...withRange(pk, { from: start, to: bounds.to }),
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
        Limit: limit + 1,
      }),
    );
    for (const item of result.Items ?? []) {
      for (const row of ledgerRowsOfItem(item, accountId)) if (keep(row) && (!after || before(after, row))) rows.push(row);
    }
    startKey = result.LastEvaluatedKey;
  } while (startKey && rows.length < limit);
  return rows.slice(0, limit);
}

/** The rows of one ledger item of the account, in its lines' order. */
export function ledgerRowsOfItem(item: Record<string, unknown>, accountId: string): LedgerRow[] {
  const position = (item.sk as string).slice(ledgerKeys.ledgerPrefix(accountId).length);
  return (item.lines as LedgerLine[]).map((line) => ({
    ...line,
    accountId,
    position,
    journalId: item.journalId as string,
    serialNumber: item.serialNumber as number,
    date: item.date as string,
    postingDate: item.postingDate as string,
    description: (item.description as string | undefined) ?? null,
    reference: (item.reference as string | undefined) ?? null,
  }));
}
