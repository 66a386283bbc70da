import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { BalanceAudit } from '../../../shared/audit/balance-audit.ts';
import { auditVerifying } from '../../../shared/db/stores/audit-verify-ports.ts';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import { getJournals } from '../../../shared/db/ledger/journal-store.ts';
import { balanceKeys, ledgerKeys } from '../../../shared/db/table/keys.ts';
import type { PostedJournal } from '../../../shared/journals/records.ts';
import { useGateway } from '../../support/api.ts';
import { balanceItems } from '../support/spread-items.ts';
import { companyBooks, credit, debit, postedJournal } from '../../support/ledger.ts';

const gateway = useGateway();

const getItem = async (key: { pk: string; sk: string }) => (await db().send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }))).Item!;
const putItem = (item: Record<string, unknown>) => db().send(new PutCommand({ TableName: config.tableName, Item: item }));

/** Two journals posted on cash and sales in February: the first is walked on one page, the second on the next. */
async function twoPostings() {
  const books = await companyBooks(gateway.url);
  const { api, base, chart } = books;
  const first = await postedJournal(api, base, '2026-02-03', [debit(chart.cash.id, '100.00'), credit(chart.sales.id, '100.00')]);
  const second = await postedJournal(api, base, '2026-02-04', [debit(chart.cash.id, '50.00'), credit(chart.sales.id, '50.00')]);
  const journals = await getJournals(books.companyId, [first.id, second.id]);
  const byId = (id: string) => journals.find((j) => j.id === id)!;
  return { ...books, first: byId(first.id), second: byId(second.id) };
}

describe('balance checks running with the walk', () => {
  it('checks a journal walked on a page after its account and period were first read against that read: a changed ledger entry is reported at its own sequence', async () => {
    // Arrange: the second journal's ledger entry on cash names another line of the journal (its sums stay as they were).
    const { companyId, chart, first, second } = await twoPostings();
    const entryKey = ledgerKeys.ledgerEntry(companyId, chart.cash.id, '2026-02-04', second.serialNumber, second.id);
    const entry = await getItem(entryKey);
    await putItem({ ...entry, lines: [{ ...(entry.lines as Array<Record<string, unknown>>)[0], line: 7 }] });

    // Act: page one posts into (cash, February) and starts its read; page two walks the second journal.
    const audit = new BalanceAudit(auditVerifying, companyId);
    audit.track(first, 10);
    await audit.readNew();
    audit.track(second, 11);
    await audit.readNew();
    const broken = await audit.finish();

    // Assert
    expect(broken).toEqual({ sequence: 11, reason: `the ledger entry of journal ${second.id} on account ${chart.cash.id} differs from the journal's lines: changed outside the service` });
  });

  it('reads a pair again before reporting it: a difference its first read saw and that is gone by the end is not reported; one still there is', async () => {
    // Arrange: one shard of cash's February total changed while the first read runs.
    const { companyId, chart, first, second } = await twoPostings();
    const posted = first as PostedJournal;
    const [shard] = await balanceItems(companyId, `${balanceKeys.periodBalancePrefix(posted.periodId)}${chart.cash.id}#`);
    const shardKey = { pk: shard!.pk as string, sk: shard!.sk as string };
    const bump = () => db().send(new UpdateCommand({ TableName: config.tableName, Key: shardKey, UpdateExpression: 'ADD debit :one', ExpressionAttributeValues: { ':one': 1 } }));

    // Act: changed for the first read only, then changed for good.
    await bump();
    const passing = new BalanceAudit(auditVerifying, companyId);
    passing.track(first, 10);
    passing.track(second, 11);
    await passing.readNew();
    await putItem(shard!);
    const cleared = await passing.finish();

    await bump();
    const lasting = new BalanceAudit(auditVerifying, companyId);
    lasting.track(first, 10);
    lasting.track(second, 11);
    const reported = await lasting.finish();
    await putItem(shard!);

    // Assert
    expect(cleared).toBeUndefined();
    expect(reported).toMatchObject({ sequence: 10, reason: expect.stringContaining(`balance of account ${chart.cash.id} in period`) });
    expect(reported!.reason).toContain('its balance items hold debit 151, credit 0, but its ledger entries add up to debit 150, credit 0');
  });
});
