import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import { balanceKeys } from '../../../shared/db/table/keys.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { useGateway } from '../../support/api.ts';
import { auditedBooks, verify } from '../../support/audited-books.ts';
import { balanceItems, withDataReplaced } from '../support/spread-items.ts';

/** Verify finding items changed directly in the table, past the API (test/http/audit/audit-verify.test.ts verifies untouched books). */
const gateway = useGateway();

type Item = Record<string, unknown>;

const getItem = async (key: { pk: string; sk: string }) => (await db().send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }))).Item!;
const putItem = (item: Item) => db().send(new PutCommand({ TableName: config.tableName, Item: item }));
const deleteItem = (key: { pk: string; sk: string }) => db().send(new DeleteCommand({ TableName: config.tableName, Key: key }));

describe('audit verification of items changed in the table', () => {
  it('reports a journal line, a balance item and an event changed directly in the table, each in turn, at the first broken sequence, naming the record', async () => {
    const { api, base, companyId, chart, sale, events, postedSale } = await auditedBooks(gateway.url);
    const other = await auditedBooks(gateway.url);

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
    await putItem(withDataReplaced(eventItem, 'Bank account', 'Bank of Mars'));
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
    const { api, base, companyId, chart, events } = await auditedBooks(gateway.url);
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
});
