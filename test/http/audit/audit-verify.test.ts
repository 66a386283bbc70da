import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import { balanceKeys, keys } from '../../../shared/db/table/keys.ts';
import { client, useGateway, type Client } from '../../support/api.ts';
import { companyBooks, credit, debit, postedJournal } from '../../support/ledger.ts';
import { balanceItems } from '../../db/support/spread-items.ts';
import { wholeFeed } from '../../support/feed.ts';

const gateway = useGateway();

type Item = Record<string, unknown>;

const feed = (api: Client, base: string) => wholeFeed<{ sequence: number; type: string; recordId: string }>(api, base);

const getItem = async (key: { pk: string; sk: string }) => (await db().send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }))).Item!;
const putItem = (item: Item) => db().send(new PutCommand({ TableName: config.tableName, Item: item }));
const deleteItem = (key: { pk: string; sk: string }) => db().send(new DeleteCommand({ TableName: config.tableName, Key: key }));

/** A company whose books saw postings, a void, a reversal and changes of an account and a cost center. */
async function auditedBooks() {
  const books = await companyBooks(gateway.url);
  const { api, base, chart } = books;
  const sale = await postedJournal(api, base, '2026-02-03', [debit(chart.cash.id, '100.00', chart.hq.id), credit(chart.sales.id, '100.00')]);
  const rent = await postedJournal(api, base, '2026-02-04', [debit(chart.rent.id, '40.00', chart.branch.id), credit(chart.bank.id, '40.00')]);
  const voided = await postedJournal(api, base, '2026-02-05', [debit(chart.cash.id, '7.00'), credit(chart.sales.id, '7.00')]);
  await api.post(`${base}/Journals/${voided.id}/Void`, { version: voided.version });
  const reversed = await postedJournal(api, base, '2026-02-06', [debit(chart.rent.id, '3.00'), credit(chart.cash.id, '3.00')]);
  expect((await api.post(`${base}/Journals/${reversed.id}/Reverse`, { postingDate: '2026-02-07', version: reversed.version })).status).toBe(200);
  const renamed = await api.put(`${base}/Accounts/${chart.bank.id}`, { code: '1102', parentId: chart.assets.id, name: { english: 'Bank account', arabic: 'البنك' }, version: chart.bank.version });
  const deactivated = await api.post(`${base}/CostCenters/${chart.branch.id}/Deactivate`, { version: chart.branch.version });
  expect([renamed.status, deactivated.status], renamed.text + deactivated.text).toEqual([200, 200]);
  const events = await feed(api, base);
  const postedSale = events.find((e) => e.type === 'JournalPosted' && e.recordId === sale.id)!;
  return { ...books, sale, rent, events, postedSale };
}

const verify = async (api: Client, base: string, query = '') => {
  const response = await api.get(`${base}/Audit/Verify${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
};

describe('audit verification', () => {
  it('verifies untouched books: every event chained, every record as its last event says', async () => {
    const { api, base, events } = await auditedBooks();

    const answer = await verify(api, base);

    expect(answer).toEqual({ verified: true, checked: events.length, fromSequence: 1, toSequence: events.length, headSequence: events.length, headHash: expect.stringMatching(/^[0-9a-f]{64}$/), firstBrokenSequence: null, reason: null, nextPage: null });
    expect(answer.headHash).toBe((events.at(-1) as { hash?: string }).hash);
  });

  it('reports a journal line, a balance item and an event changed directly in the table, each in turn, at the first broken sequence, naming the record', async () => {
    const { api, base, companyId, chart, sale, events, postedSale } = await auditedBooks();
    const other = await auditedBooks();

    // A journal line's amount.
    const journalKey = keys.journal(companyId, sale.id);
    const journal = await getItem(journalKey);
    await db().send(new UpdateCommand({ TableName: config.tableName, Key: journalKey, UpdateExpression: 'SET entries[0].amount = :amount', ExpressionAttributeValues: { ':amount': '1000.00' } }));
    const lineChanged = await verify(api, base);
    await putItem(journal);

    // A balance item: one shard of cash's February total.
    const [shard] = await balanceItems(companyId, `${balanceKeys.periodBalancePrefix(sale.periodId)}${chart.cash.id}#`);
    await db().send(new UpdateCommand({ TableName: config.tableName, Key: { pk: shard!.pk, sk: shard!.sk }, UpdateExpression: 'ADD debit :one', ExpressionAttributeValues: { ':one': 1 } }));
    const balanceChanged = await verify(api, base);
    await putItem(shard!);

    // An event: the account change's data.
    const changed = events.find((e) => e.type === 'AccountChanged')!;
    const eventItem = await getItem(keys.event(companyId, changed.sequence));
    await putItem({ ...eventItem, dataJson: String(eventItem.dataJson).replace('Bank account', 'Bank of Mars') });
    const eventChanged = await verify(api, base);
    await putItem(eventItem);

    const restored = await verify(api, base);
    const untouched = await verify(other.api, other.base);

    expect(lineChanged).toMatchObject({ verified: false, firstBrokenSequence: postedSale.sequence, reason: expect.stringContaining(`journal ${sale.id}`) });
    expect(lineChanged.reason).toContain('changed outside the service');
    expect(balanceChanged).toMatchObject({ verified: false, firstBrokenSequence: postedSale.sequence, reason: expect.stringContaining(`balance of account ${chart.cash.id}`) });
    expect(balanceChanged.reason).toContain('its balance items hold debit 104, credit 3, but its ledger entries add up to debit 103, credit 3');
    expect(eventChanged).toMatchObject({ verified: false, firstBrokenSequence: changed.sequence, reason: expect.stringContaining(`event ${changed.sequence} (AccountChanged of record ${chart.bank.id}) does not match its hash`) });
    expect(restored).toMatchObject({ verified: true, checked: events.length });
    expect(untouched).toMatchObject({ verified: true, checked: other.events.length });
  });

  it('reports an event deleted from the middle, a record changed with its version moved on, and an account deleted behind the API', async () => {
    const { api, base, companyId, chart, events } = await auditedBooks();
    const created = events.find((e) => e.type === 'AccountCreated' && e.recordId === chart.rent.id)!;

    const middle = await getItem(keys.event(companyId, 5));
    await deleteItem(keys.event(companyId, 5));
    const gap = await verify(api, base);
    await putItem(middle);

    const rentKey = keys.node('ACCOUNT', companyId, chart.rent.id);
    const rent = await getItem(rentKey);
    await putItem({ ...rent, code: '5999', version: Number(rent.version) + 1 });
    const movedOn = await verify(api, base);
    await putItem(rent);

    await deleteItem(rentKey);
    const gone = await verify(api, base);
    await putItem(rent);

    expect(gap).toMatchObject({ verified: false, firstBrokenSequence: 5, reason: 'event 5 is missing from the feed (deleted, or expired)' });
    expect(movedOn).toMatchObject({ verified: false, firstBrokenSequence: created.sequence, reason: expect.stringContaining(`account ${chart.rent.id} is at version ${Number(rent.version) + 1} in the table, which no event records`) });
    expect(gone).toMatchObject({ verified: false, firstBrokenSequence: created.sequence, reason: expect.stringContaining(`account ${chart.rent.id} is missing from the table`) });
  });

  it('checks a range, refuses a range it cannot check, and needs audit:read', async () => {
    const { api, base, events } = await auditedBooks();
    const reader = (await api.post(`${base}/ApiKeys`, { name: 'events only', permissions: ['events:read'] })).body.key;

    const range = await verify(api, base, '?fromSequence=3&toSequence=9');
    const pastHead = await verify(api, base, `?fromSequence=2&toSequence=${events.length + 50}`);
    const aboveHead = await api.get(`${base}/Audit/Verify?fromSequence=${events.length + 60}`);
    const reversed = await api.get(`${base}/Audit/Verify?fromSequence=9&toSequence=3`);
    const notANumber = await api.get(`${base}/Audit/Verify?fromSequence=0`);
    const forbidden = await client(gateway.url, `Bearer ${reader}`).get(`${base}/Audit/Verify`);

    expect(range).toMatchObject({ verified: true, checked: 7, fromSequence: 3, toSequence: 9 });
    // The head moved by one: the API key's creation.
    expect(pastHead).toMatchObject({ verified: true, fromSequence: 2, toSequence: events.length + 1, headSequence: events.length + 1, checked: events.length });
    expect(aboveHead.status).toBe(400);
    expect(aboveHead.body.errors[0]).toMatchObject({ name: 'fromSequence', code: 'ValidationError' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors[0].name).toBe('toSequence');
    expect(notANumber.status).toBe(400);
    expect(notANumber.body.errors[0].name).toBe('fromSequence');
    expect(forbidden.status).toBe(403);
  });
});
