import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTables } from '../../../infra/local/create-tables.ts';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import { balanceKeys, ledgerKeys } from '../../../shared/db/table/keys.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { ensureLedgerLayout, rebuildCompanyLedger } from '../../../shared/db/migrations/ledger-rebuild.ts';
import { journalPartitionBeforeLayout9 } from '../../../shared/db/migrations/layout-09-journal-partitions.ts';
import { companyOwner, useGateway } from '../../support/api.ts';
import { chartOfAccounts, credit, debit, postedJournal, year2026 } from '../../support/ledger.ts';
import { instant } from '../../support/instants.ts';
import { balanceItems, bookChangeItems, eventItems, ledgerItems, versionItems } from '../support/spread-items.ts';
import { postingFigures } from '../../../shared/journals/posting-figures.ts';

// A table of this file's own: the layout marker and the scan for companies are table-wide.
const TABLE = `ledger-rebuild-${process.pid}`;
beforeAll(async () => {
  await createTables(process.env.DYNAMODB_ENDPOINT!, { ledger: TABLE }, { streams: false });
  process.env.TABLE_NAME = TABLE;
});
const gateway = useGateway();

/** Items under the company's own partition key (where layouts before 7 kept balances and ledger entries). */
async function companyItems(companyId: string, prefix: string) {
  const { Items } = await db().send(
    new QueryCommand({ TableName: config.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': keys.company(companyId).pk, ':p': prefix }, ConsistentRead: true }),
  );
  return Items ?? [];
}

describe('rebuilding balances and ledgers from the posted journals', () => {
  it('rebuilds a table without the layout marker once, and a company on demand, reports unchanged and stale items gone', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(api, base);
    const year = await year2026(api, base);
    await postedJournal(api, base, '2026-01-15', [debit(chart.cash.id, 1000.1, chart.hq.id), credit(chart.sales.id, 1000.1, chart.hq.id)]);
    const voided = await postedJournal(api, base, '2026-02-16', [debit(chart.rent.id, 99), credit(chart.cash.id, 99)]);
    await api.post(`${base}/Journals/${voided.id}/Void`, { version: voided.version });
    const reversed = await postedJournal(api, base, '2026-02-20', [debit(chart.rent.id, 40, chart.branch.id), credit(chart.bank.id, 40)]);
    await api.post(`${base}/Journals/${reversed.id}/Reverse`, { postingDate: '2026-03-02', version: reversed.version });
    const reports = async () => [
      (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-10&dateTo=2026-03-01`)).body,
      (await api.get(`${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-12-31&byCostCenter=true`)).body,
      (await api.get(`${base}/Reports/BalanceSheet?date=2026-02-20`)).body,
      (await api.get(`${base}/Reports/GeneralLedger?accountId=1&dateFrom=2026-01-01&dateTo=2026-12-31`)).body,
    ];
    const before = await reports();
    expect(before[0].rows.length).toBeGreaterThan(0);

    // An item of the old layout, one ledger entry lost, one balance wrong.
    await db().send(new PutCommand({ TableName: config.tableName, Item: { pk: `COMPANY#${companyId}`, sk: `BAL#${year.periods[0].id}#${chart.cash.id}#-#0`, entity: 'Balance', debit: 5, credit: 0 } }));
    const [ledgerEntry] = await ledgerItems(companyId, ledgerKeys.ledgerPrefix(chart.cash.id));
    await db().send(new DeleteCommand({ TableName: config.tableName, Key: { pk: ledgerEntry!.pk, sk: ledgerEntry!.sk } }));
    const [balance] = await balanceItems(companyId, `${balanceKeys.periodBalancePrefix(year.periods[0].id)}${chart.cash.id}#`);
    await db().send(new PutCommand({ TableName: config.tableName, Item: { ...balance, debit: 1 } }));
    expect(await reports()).not.toEqual(before);

    expect(await ensureLedgerLayout(postingFigures)).toBe(1);
    expect(await reports()).toEqual(before);
    expect(await companyItems(companyId, `BAL#${year.periods[0].id}#`)).toEqual([]);

    // Marked: the next start leaves the table alone; a company can still be rebuilt on demand.
    await db().send(new DeleteCommand({ TableName: config.tableName, Key: { pk: ledgerEntry!.pk, sk: ledgerEntry!.sk } }));
    expect(await ensureLedgerLayout(postingFigures)).toBe(0);
    expect(await reports()).not.toEqual(before);
    const rebuilt = await rebuildCompanyLedger(companyId, postingFigures);
    expect(rebuilt.journals).toBe(3);
    expect(await reports()).toEqual(before);
  }, 60_000);
  it('moves balance items and ledger entries kept under the company\'s key by layout 6 to their own keys at start, reports unchanged', async () => {
    // Arrange: books posted, then put back as layout 6 kept them: every item under the company's key.
    const { api, base, companyId } = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(api, base);
    await year2026(api, base);
    await postedJournal(api, base, '2026-01-15', [debit(chart.cash.id, 500.25, chart.hq.id), credit(chart.sales.id, 500.25, chart.hq.id)]);
    await postedJournal(api, base, '2026-02-03', [debit(chart.rent.id, 70), credit(chart.cash.id, 70)]);
    await postedJournal(api, base, '2026-02-03', [debit(chart.cash.id, 12.5), credit(chart.sales.id, 12.5)]);
    const reports = async () => [
      (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-02-10`)).body,
      (await api.get(`${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-12-31&byCostCenter=true`)).body,
      (await api.get(`${base}/Reports/GeneralLedger?accountId=${chart.cash.id}&dateFrom=2026-01-01&dateTo=2026-12-31&pageSize=2`)).body,
    ];
    const before = await reports();
    expect(before[2].results.map((l: { balance: string }) => l.balance)).toEqual(['500.25', '430.25']);
    const spread = [...(await balanceItems(companyId, balanceKeys.everyBalancePrefix())), ...(await ledgerItems(companyId, ledgerKeys.everyLedgerPrefix()))];
    expect(spread.length).toBeGreaterThan(0);
    for (const item of spread) {
      await db().send(new PutCommand({ TableName: config.tableName, Item: { ...item, pk: keys.company(companyId).pk } }));
      await db().send(new DeleteCommand({ TableName: config.tableName, Key: { pk: item.pk, sk: item.sk } }));
    }
    await db().send(new PutCommand({ TableName: config.tableName, Item: { ...keys.ledgerLayout(), entity: 'LedgerLayout', layout: 6 } }));
    expect(await reports()).not.toEqual(before);

    // Act: the start-up check.
    expect(await ensureLedgerLayout(postingFigures)).toBeGreaterThan(0);

    // Assert: the same reports, every item under its own key, none left under the company's.
    expect(await reports()).toEqual(before);
    expect(await companyItems(companyId, balanceKeys.everyBalancePrefix())).toEqual([]);
    expect(await companyItems(companyId, ledgerKeys.everyLedgerPrefix())).toEqual([]);
    const moved = [...(await balanceItems(companyId, balanceKeys.everyBalancePrefix())), ...(await ledgerItems(companyId, ledgerKeys.everyLedgerPrefix()))];
    expect(moved.map((i) => `${i.pk} ${i.sk}`).sort()).toEqual(spread.map((i) => `${i.pk} ${i.sk}`).sort());
    // Run again (a restart after a crash): nothing to move, nothing lost.
    await rebuildCompanyLedger(companyId, postingFigures);
    expect(await reports()).toEqual(before);
  }, 60_000);
  it('moves journal items kept under the company\'s key by layout 8 to their own keys, once, even after a crash between the write and the delete', async () => {
    // Arrange: three journals (two posted, one draft) put back under the company's key; one of them also
    // under its new key, as a crash after its move's write leaves it.
    const { api, base, companyId } = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(api, base);
    await year2026(api, base);
    const posted = [
      await postedJournal(api, base, '2026-01-15', [debit(chart.cash.id, 500.25), credit(chart.sales.id, 500.25)]),
      await postedJournal(api, base, '2026-02-03', [debit(chart.rent.id, 70), credit(chart.cash.id, 70)]),
    ];
    const draft = (await api.post(`${base}/Journals`, { date: '2026-03-01T10:00:00Z', entries: [debit(chart.cash.id, 3), credit(chart.sales.id, 3)] })).body;
    const ids = [...posted.map((j) => j.id as string), draft.id as string];
    const trial = async () => (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`)).body;
    const before = await trial();
    const items = await Promise.all(ids.map(async (id) => (await db().send(new GetCommand({ TableName: config.tableName, Key: keys.journal(companyId, id) }))).Item!));
    for (const [i, item] of items.entries()) {
      await db().send(new PutCommand({ TableName: config.tableName, Item: { ...item, pk: journalPartitionBeforeLayout9(companyId) } }));
      if (i > 0) await db().send(new DeleteCommand({ TableName: config.tableName, Key: keys.journal(companyId, item.id) }));
    }
    await db().send(new PutCommand({ TableName: config.tableName, Item: { ...keys.ledgerLayout(), entity: 'LedgerLayout', layout: 8 } }));
    expect((await api.get(`${base}/Journals/${ids[2]}`)).status).toBe(404);

    // Act: the start-up check.
    expect(await ensureLedgerLayout(postingFigures)).toBeGreaterThan(0);

    // Assert: every journal under its own key exactly once and as it was, none under the company's, reports unchanged.
    expect(await companyItems(companyId, keys.journalsPrefix())).toEqual([]);
    const after = await Promise.all(ids.map(async (id) => (await db().send(new GetCommand({ TableName: config.tableName, Key: keys.journal(companyId, id) }))).Item));
    expect(after).toEqual(items);
    for (const id of ids) expect((await api.get(`${base}/Journals/${id}`)).status).toBe(200);
    expect(await trial()).toEqual(before);
    const listed = (await api.get(`${base}/Journals?pageSize=50`)).body.results.map((j: { id: string }) => j.id);
    expect(listed.sort()).toEqual([...ids].sort());
  }, 60_000);
  it('moves numbered events, histories and book changes kept under the company\'s key by layout 9 to their own keys, once, even after a crash between the write and the delete', async () => {
    // Arrange: a company's numbered events, its records' histories and its book changes put back under the
    // company's key; the first of each also left under its new key, as a crash after its move's write leaves it.
    const { api, base, companyId } = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(api, base);
    await year2026(api, base);
    const journal = await postedJournal(api, base, '2026-01-15', [debit(chart.cash.id, 500.25), credit(chart.sales.id, 500.25)]);
    const t1 = await instant();
    await postedJournal(api, base, '2026-01-16', [debit(chart.rent.id, 70), credit(chart.cash.id, 70)]);
    const views = async () => [
      (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31&knownAt=${encodeURIComponent(t1)}`)).body,
      (await api.get(`${base}/Events?pageSize=100`)).body,
      (await api.get(`${base}/Events?after=3&pageSize=2`)).body.results,
      (await api.get(`${base}/Journals/${journal.id}/History`)).body,
      (await api.get(`${base}/Accounts/${chart.cash.id}/History`)).body,
      (await api.get(`${base}/Audit/Verify`)).body,
    ];
    const before = await views();
    expect(before[1].results.length).toBeGreaterThan(10);
    expect(before[0].rows.length).toBeGreaterThan(0);
    const groups = [await eventItems(companyId), await versionItems(companyId, 'journal', journal.id), await versionItems(companyId, 'account', chart.cash.id), await bookChangeItems(companyId)];
    expect(groups[3]).toHaveLength(2);
    const spread = groups.flat();
    for (const item of spread) {
      await db().send(new PutCommand({ TableName: config.tableName, Item: { ...item, pk: keys.company(companyId).pk } }));
      if (!groups.some((group) => group[0] === item)) await db().send(new DeleteCommand({ TableName: config.tableName, Key: { pk: item.pk, sk: item.sk } }));
    }
    await db().send(new PutCommand({ TableName: config.tableName, Item: { ...keys.ledgerLayout(), entity: 'LedgerLayout', layout: 9 } }));
    expect(await views()).not.toEqual(before);

    // Act: the start-up check.
    expect(await ensureLedgerLayout(postingFigures)).toBeGreaterThan(0);

    // Assert: the same feed, histories and chain, every item under its own key once, none under the company's.
    expect(await views()).toEqual(before);
    expect(await companyItems(companyId, keys.eventPrefix)).toEqual([]);
    expect(await companyItems(companyId, 'HISTORY#')).toEqual([]);
    expect(await companyItems(companyId, 'BOOKCHANGE#')).toEqual([]);
    const moved = [...(await eventItems(companyId)), ...(await versionItems(companyId, 'journal', journal.id)), ...(await versionItems(companyId, 'account', chart.cash.id)), ...(await bookChangeItems(companyId))];
    expect(moved.map((i) => `${i.pk} ${i.sk}`).sort()).toEqual(spread.map((i) => `${i.pk} ${i.sk}`).sort());
  }, 60_000);
});
