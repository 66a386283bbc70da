import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { accountNodes } from '../../../shared/db/stores/nodes/kind-stores.ts';
import { db } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { markBusy, wantsPin } from '../../../shared/db/capacity/busy-records.ts';
import { pinNode } from '../../../shared/db/capacity/use-pins.ts';
import { mustGetYear, replaceYearOps } from '../../../shared/db/stores/year-store.ts';
import { withNoUsage } from '../../../shared/db/stores/nodes/node-usage.ts';
import { deleteNodeOps } from '../../../shared/db/stores/nodes/node-writes.ts';
import { transactWrite } from '../../../shared/db/table/transact.ts';
import { config } from '../../../shared/config.ts';
import { VersionConflict } from '../../../shared/errors.ts';
import { referenceChanges } from '../../../shared/db/ledger/reference-changes.ts';
import { PIN_MS } from '../../../shared/db/capacity/pin-rules.ts';
import { useGateway } from '../../support/api.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';
import { watchTransactions } from '../support/transactions-seen.ts';

const gateway = useGateway();
const watch = watchTransactions();
afterAll(() => watch.stop());

const itemAt = async (key: { pk: string; sk: string }) => (await db().send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }))).Item!;
const accountItem = (companyId: string, id: string) => itemAt(keys.node('ACCOUNT', companyId, id));
const setOn = (key: { pk: string; sk: string }, fields: Record<string, unknown>) =>
  db().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: key,
      UpdateExpression: `SET ${Object.keys(fields).map((f, i) => `#f${i} = :f${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(Object.keys(fields).map((f, i) => [`#f${i}`, f])),
      ExpressionAttributeValues: Object.fromEntries(Object.values(fields).map((v, i) => [`:f${i}`, v])),
    }),
  );
const setOnAccount = (companyId: string, id: string, fields: Record<string, unknown>) => setOn(keys.node('ACCOUNT', companyId, id), fields);
const yearOf = async (books: Awaited<ReturnType<typeof companyBooks>>) => (await books.api.get(`${books.base}/FinancialYears`)).body.results[0];
const spareLeaf = async (api: Awaited<ReturnType<typeof companyBooks>>['api'], base: string, parentId: string, code: string) =>
  (await api.post(`${base}/Accounts`, { code, name: { english: `Spare ${code}`, arabic: `Spare ${code}` }, type: 'leaf', parentId })).body;

/**
 * A busy account's use pin (docs/decisions.md, Capacity): while it lives the account counts as
 * used, so drafts naming it check nothing of it at commit, and nothing that needs it unused
 * commits until it ends.
 */
describe('use pins', () => {
  it('spares a draft naming a pinned account its check: only the usage item is written for it', async () => {
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    await setOnAccount(companyId, chart.cash.id, { pinnedUntil: Date.now() + PIN_MS });
    watch.seen.length = 0;
    const created = await api.post(`${base}/Journals`, { date: '2026-03-01', entries: [debit(chart.cash.id, '10.00'), credit(chart.sales.id, '10.00')] });
    expect(created.status).toBe(200);
    const transaction = watch.seen.find((items) => items.some((i) => i.kind === 'Put' && i.sk === `JOURNAL#${created.body.id}`))!;
    const on = (id: string) => transaction.filter((i) => i.pk.startsWith(`COMPANY#${companyId}#NODEREF#ACCOUNT#${id}#`)).map((i) => [i.kind, i.sk]).sort();
    expect(on(chart.cash.id)).toEqual([['Put', `USAGE#${created.body.id}`]]);
    expect(on(chart.sales.id)).toEqual([['ConditionCheck', 'GUARD'], ['Put', `USAGE#${created.body.id}`]]);
  });

  it('counts a pinned account as used: its delete and currency change are refused until the pin ends', async () => {
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    const spare = await spareLeaf(api, base, chart.assets.id, '1190');
    await setOnAccount(companyId, spare.id, { pinnedUntil: Date.now() + PIN_MS });
    const deleted = await api.delete(`${base}/Accounts/${spare.id}`, { version: spare.version });
    expect([deleted.status, deleted.body.errors?.[0]?.code]).toEqual([409, 'InUse']);
    const recurrency = await api.put(`${base}/Accounts/${spare.id}`, { code: spare.code, parentId: spare.parentId, name: spare.name, version: spare.version, currency: 'USD' });
    expect([recurrency.status, recurrency.body.errors?.[0]?.code, recurrency.body.errors?.[0]?.name]).toEqual([409, 'InUse', 'currency']);
    // A rename needs nothing unused: it goes through, and keeps the pin.
    const renamed = await api.put(`${base}/Accounts/${spare.id}`, { code: spare.code, parentId: spare.parentId, name: { english: 'Renamed', arabic: 'Renamed' }, version: spare.version });
    expect(renamed.status).toBe(200);
    expect((await accountItem(companyId, spare.id)).pinnedUntil).toBeGreaterThan(Date.now());
    await setOnAccount(companyId, spare.id, { pinnedUntil: Date.now() - 1 });
    expect((await api.delete(`${base}/Accounts/${spare.id}`, { version: renamed.body.version })).status).toBe(200);
  });

  it('refuses a delete whose account was pinned after its check, though it still holds the account', async () => {
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    const spare = await spareLeaf(api, base, chart.assets.id, '1191');
    const node = (await accountNodes.get(companyId, spare.id))!;
    const parentChain = (await accountNodes.chain(companyId, node)).slice(0, -1);
    await expect(
      withNoUsage(accountNodes, companyId, node, async (guard) => {
        // The hold ran out and a busy draft pinned the account before this write committed.
        await setOnAccount(companyId, spare.id, { pinnedUntil: Date.now() + PIN_MS });
        await transactWrite(deleteNodeOps(accountNodes, companyId, node, parentChain, guard));
      }),
    ).rejects.toBeInstanceOf(VersionConflict);
    expect((await api.get(`${base}/Accounts/${spare.id}`)).status).toBe(200);
  });

  it('pins an account this instance saw a draft conflict on, and not one a delete holds or that changed since it was read', async () => {
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    // A draft's check of the account's guard was cancelled by another at once.
    const { adds } = referenceChanges(companyId, crypto.randomUUID(), [{ accountId: chart.bank.id, costCenterId: null, side: 1, amount: '1', currency: 'SAR' } as never], []);
    const bank = (await accountNodes.get(companyId, chart.bank.id))!;
    expect(wantsPin(bank)).toBe(false);
    adds.flat().forEach((op) => op.onConflict?.());
    expect(wantsPin(bank)).toBe(true);

    // The next draft naming it pins it beside its commit, and the one after checks nothing of it.
    const first = await api.post(`${base}/Journals`, { date: '2026-03-01', entries: [debit(chart.bank.id, '5.00'), credit(chart.sales.id, '5.00')] });
    expect(first.status).toBe(200);
    const pinnedUntil = (await accountItem(companyId, chart.bank.id)).pinnedUntil as number;
    expect(pinnedUntil - Date.now()).toBeGreaterThan(PIN_MS - 60_000);
    watch.seen.length = 0;
    const second = await api.post(`${base}/Journals`, { date: '2026-03-01', entries: [debit(chart.bank.id, '5.00'), credit(chart.sales.id, '5.00')] });
    const transaction = watch.seen.find((items) => items.some((i) => i.kind === 'Put' && i.sk === `JOURNAL#${second.body.id}`))!;
    expect(transaction.filter((i) => i.pk.startsWith(`COMPANY#${companyId}#NODEREF#ACCOUNT#${chart.bank.id}#`) && i.kind === 'ConditionCheck')).toEqual([]);

    // Never taken while a delete holds the account, nor on an account changed since it was read.
    const held = await spareLeaf(api, base, chart.assets.id, '1192');
    const heldNode = (await accountNodes.get(companyId, held.id))!;
    await setOnAccount(companyId, held.id, { guard: 'a delete', guardUntil: Date.now() + 30_000 });
    markBusy(held.id);
    await pinNode(accountNodes, companyId, heldNode);
    expect((await accountItem(companyId, held.id)).pinnedUntil).toBeUndefined();
    const stale = await spareLeaf(api, base, chart.assets.id, '1193');
    const staleNode = (await accountNodes.get(companyId, stale.id))!;
    expect((await api.put(`${base}/Accounts/${stale.id}`, { code: stale.code, parentId: stale.parentId, name: stale.name, version: stale.version, currency: 'USD' })).status).toBe(200);
    await pinNode(accountNodes, companyId, staleNode);
    expect((await accountItem(companyId, stale.id)).pinnedUntil).toBeUndefined();
  });

  it('never shortens a pin', async () => {
    const { companyId, chart } = await companyBooks(gateway.url);
    const far = Date.now() + 2 * PIN_MS;
    await setOnAccount(companyId, chart.bank.id, { pinnedUntil: far });
    await pinNode(accountNodes, companyId, (await accountNodes.get(companyId, chart.bank.id))!);
    expect((await accountItem(companyId, chart.bank.id)).pinnedUntil).toBe(far);
  });

  it('spares a draft dated in a pinned year its check of the year, and pins a year this instance saw drafts conflict on', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base, companyId, chart } = books;
    const year = await yearOf(books);
    const lines = [debit(chart.cash.id, '1.00'), credit(chart.sales.id, '1.00')];
    const yearChecks = (journalId: string) =>
      watch.seen.find((items) => items.some((i) => i.kind === 'Put' && i.sk === `JOURNAL#${journalId}`))!.filter((i) => i.pk.startsWith(`COMPANY#${companyId}#GUARD#`));
    watch.seen.length = 0;
    const unpinned = await api.post(`${base}/Journals`, { date: '2026-03-01', entries: lines });
    expect(yearChecks(unpinned.body.id)).toHaveLength(1);

    markBusy(year.id);
    const pinning = await api.post(`${base}/Journals`, { date: '2026-03-01', entries: lines });
    expect(pinning.status).toBe(200);
    expect((await itemAt(keys.year(companyId, year.id))).pinnedUntil - Date.now()).toBeGreaterThan(PIN_MS - 60_000);
    watch.seen.length = 0;
    const spared = await api.post(`${base}/Journals`, { date: '2026-03-01', entries: lines });
    expect(spared.status).toBe(200);
    expect(yearChecks(spared.body.id)).toEqual([]);
    // Not shown in the year's answer.
    expect((await api.get(`${base}/FinancialYears/${year.id}`)).body).not.toHaveProperty('pinnedUntil');
  });

  it('refuses to close, re-date or delete a pinned year until the pin ends, and keeps the pin through a rename', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base, companyId } = books;
    const year = await yearOf(books);
    for (const p of year.periods) expect((await api.post(`${base}/FinancialYears/${year.id}/Periods/${p.id}/Close`, { version: p.version })).status).toBe(200);
    const pin = Date.now() + PIN_MS;
    await setOn(keys.year(companyId, year.id), { pinnedUntil: pin });
    const current = async () => (await api.get(`${base}/FinancialYears/${year.id}`)).body;
    const close = await api.put(`${base}/FinancialYears/${year.id}/Close`, { version: (await current()).version });
    expect([close.status, close.body.errors?.[0]?.code]).toEqual([409, 'Conflict']);
    const before = await current();
    const redate = await api.put(`${base}/FinancialYears/${year.id}`, { name: before.name, startDate: '2026-01-01', endDate: '2026-11-30', version: before.version });
    const deleted = await api.delete(`${base}/FinancialYears/${year.id}`, { version: before.version });
    for (const refused of [redate, deleted]) expect([refused.status, refused.body.errors?.[0]?.reason]).toEqual([409, close.body.errors[0].reason]);
    const renamed = await api.put(`${base}/FinancialYears/${year.id}`, { name: 'Renamed', startDate: before.startDate, endDate: before.endDate, version: before.version });
    expect(renamed.status).toBe(200);
    expect((await itemAt(keys.year(companyId, year.id))).pinnedUntil).toBe(pin);

    // A write based on a read from before a renewal is refused rather than cutting the pin back.
    const read = await mustGetYear(companyId, year.id);
    await setOn(keys.year(companyId, year.id), { pinnedUntil: pin + 60_000 });
    await expect(transactWrite(replaceYearOps(companyId, read, { ...read, name: 'Stale', version: read.version + 1 }))).rejects.toBeInstanceOf(VersionConflict);
    expect((await itemAt(keys.year(companyId, year.id))).pinnedUntil).toBe(pin + 60_000);

    await setOn(keys.year(companyId, year.id), { pinnedUntil: Date.now() - 1 });
    expect((await api.put(`${base}/FinancialYears/${year.id}/Close`, { version: (await current()).version })).status).toBe(200);
  });
});
