import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import { knownKeys } from '../../../shared/db/table/keys.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { eventFeed } from '../../../shared/db/stores/event-ports.ts';
import { numberPending } from '../../../shared/events/numbering-rules.ts';
import { eventHead } from '../../../shared/db/events/event-store.ts';
import { useGateway } from '../../support/api.ts';
import { companyBooks, credit, debit, postedJournal } from '../../support/ledger.ts';
import { instant } from '../../support/instants.ts';
import { bookChangeItems } from '../support/spread-items.ts';

/**
 * Reports as known at a moment read through the summaries of book changes: blocks whose changes
 * are gone, and stretches left by a numbering from before summaries (test/http/audit/known-at.test.ts
 * reads reports as known at a moment through the API alone).
 */
const gateway = useGateway();

describe('knownAt through blocks of summaries', () => {
  it('takes back a block that committed wholly after the moment in one step, not change by change, and changes around the moment one by one', async () => {
    // Arrange: the suite seals a block every few lines (BOOK_SUMMARY_LINES), so eight two-line journals fill several.
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    const report = (at?: string) => api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31${at ? `&knownAt=${encodeURIComponent(at)}` : ''}`);
    const t0 = await instant();
    for (let i = 1; i <= 6; i++) await postedJournal(api, base, `2026-0${(i % 3) + 1}-1${i}`, [debit(chart.cash.id, i), credit(chart.sales.id, i)]);
    const t1 = await instant();
    const atT1 = await report();
    await postedJournal(api, base, '2026-01-20', [debit(chart.rent.id, 9), credit(chart.cash.id, 9)]);
    await postedJournal(api, base, '2026-02-20', [debit(chart.rent.id, 3), credit(chart.bank.id, 3)]);
    expect((await report(t1)).body).toEqual({ ...atT1.body, knownAt: t1 });
    const pk = keys.company(companyId).pk;
    const items = async (prefix: string) =>
      (await db().send(new QueryCommand({ TableName: config.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': prefix }, ConsistentRead: true }))).Items ?? [];
    const blocks = (await items('BOOKSUM#')).filter((i) => i.entity === 'BookSummary');
    expect(blocks.length).toBeGreaterThanOrEqual(2);

    // Act: the changes of every block sealed after t0 removed from the table: only their summaries are left.
    const summarized = blocks.filter((b) => b.minOccurredAt > t0);
    for (const change of await bookChangeItems(companyId)) {
      if (summarized.some((b) => (change.sequence as number) >= b.fromSequence && (change.sequence as number) <= b.toSequence)) await db().send(new DeleteCommand({ TableName: config.tableName, Key: { pk: change.pk, sk: change.sk } }));
    }

    // Assert: as known at t0 nothing was posted; at t1 the six journals, as read then.
    const empty = await report(t0);
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body.rows).toEqual([]);
    expect((await report(t1)).body).toEqual({ ...atT1.body, knownAt: t1 });
  });
});

describe('knownAt after events numbered without summaries', () => {
  it('reads the changes one by one while the open stretch ends before the last event numbered, and after the next numbering opens a stretch anew', async () => {
    // Arrange: a journal numbered, the moment t0, the open stretch as it then stood.
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    const report = (at?: string) => api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31${at ? `&knownAt=${encodeURIComponent(at)}` : ''}`);
    await postedJournal(api, base, '2026-01-10', [debit(chart.cash.id, 5), credit(chart.sales.id, 5)]);
    while ((await numberPending(eventFeed, companyId)) > 0);
    const t0 = await instant();
    const atT0 = await report();
    const open = { TableName: config.tableName, Key: knownKeys.openBookSummary(companyId), ConsistentRead: true };
    const before = (await db().send(new GetCommand(open))).Item!;

    // Act: a journal numbered, then the open stretch put back as it was, as a numbering by a version from before summaries leaves it.
    await postedJournal(api, base, '2026-01-11', [debit(chart.cash.id, 7), credit(chart.sales.id, 7)]);
    while ((await numberPending(eventFeed, companyId)) > 0);
    await db().send(new PutCommand({ TableName: config.tableName, Item: before }));

    // Assert: the journal numbered outside the summaries is taken back all the same, before and after the next numbering.
    const known = await report(t0);
    expect(known.status, known.text).toBe(200);
    expect(known.body).toEqual({ ...atT0.body, knownAt: t0 });
    await postedJournal(api, base, '2026-01-12', [debit(chart.rent.id, 9), credit(chart.cash.id, 9)]);
    expect((await report(t0)).body).toEqual({ ...atT0.body, knownAt: t0 });
  });
});

describe('summaries after events numbered without them that moved nothing', () => {
  it('go on over them: the stretches still follow one another from event 1 to the last event numbered', async () => {
    // Arrange: a journal numbered; then a draft created and numbered, and the open stretch put back as before (as an older numbering leaves it).
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    await postedJournal(api, base, '2026-01-10', [debit(chart.cash.id, 5), credit(chart.sales.id, 5)]);
    while ((await numberPending(eventFeed, companyId)) > 0);
    const open = { TableName: config.tableName, Key: knownKeys.openBookSummary(companyId), ConsistentRead: true };
    const before = (await db().send(new GetCommand(open))).Item!;
    expect((await api.post(`${base}/Journals`, { date: '2026-01-11T08:00:00Z', entries: [debit(chart.cash.id, 1), credit(chart.sales.id, 1)] })).status).toBe(200);
    while ((await numberPending(eventFeed, companyId)) > 0);
    await db().send(new PutCommand({ TableName: config.tableName, Item: before }));

    // Act: a journal posted and numbered.
    await postedJournal(api, base, '2026-01-12', [debit(chart.rent.id, 9), credit(chart.cash.id, 9)]);
    while ((await numberPending(eventFeed, companyId)) > 0);

    // Assert
    const stretches = ((await db().send(new QueryCommand({ TableName: config.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': keys.company(companyId).pk, ':p': 'BOOKSUM#' }, ConsistentRead: true }))).Items ?? [])
      .map((i) => [i.fromSequence as number, i.toSequence as number])
      .sort(([a], [b]) => a! - b!);
    expect(stretches[0]![0]).toBe(1);
    stretches.slice(1).forEach(([from], i) => expect(from).toBe(stretches[i]![1]! + 1));
    expect(stretches.at(-1)![1]).toBe((await eventHead(companyId)).next - 1);
  });
});
