import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import { useGateway } from '../../support/api.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';
import { history } from '../../support/record-history.ts';
import { eventItems, versionItems } from '../support/spread-items.ts';

/** A record's history as its items keep it: it needs none of the feed's events, which expire (test/http/audit/audit-history.test.ts reads it through the API). */
const gateway = useGateway();

describe('record history items', () => {
  it('outlives the events: versions stay, without an expiry, after the feed\'s events are gone; a wide journal\'s state is kept whole', async () => {
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    const account = await api.post(`${base}/Accounts`, { code: '1103', parentId: chart.assets.id, name: { english: 'Till', arabic: 'الصندوق' }, type: 'leaf' });
    const renamed = await api.put(`${base}/Accounts/${account.body.id}`, { code: '1103', parentId: chart.assets.id, name: { english: 'Till 1', arabic: 'الصندوق' }, version: 1 });
    const lines = Array.from({ length: 200 }, (_, i) => debit(chart.rent.id, '1.00', i % 2 ? chart.hq.id : chart.branch.id));
    const wide = await api.post(`${base}/Journals`, { date: '2026-02-03T00:00:00Z', entries: [...lines, credit(chart.bank.id, '200.00')] });
    await history(api, `${base}/Accounts/${account.body.id}`);

    // As if the table's TTL had deleted every event.
    for (const event of await eventItems(companyId)) await db().send(new DeleteCommand({ TableName: config.tableName, Key: { pk: event.pk, sk: event.sk } }));
    const accountVersions = await history(api, `${base}/Accounts/${account.body.id}`);
    const wideVersions = await history(api, `${base}/Journals/${wide.body.id}`);
    const historyItems = [...(await versionItems(companyId, 'account', account.body.id)), ...(await versionItems(companyId, 'journal', wide.body.id))];

    expect(await eventItems(companyId)).toEqual([]);
    expect(accountVersions).toMatchObject([{ version: 1, type: 'AccountCreated', state: account.body }, { version: 2, type: 'AccountChanged', state: renamed.body }]);
    expect(wideVersions).toMatchObject([{ version: 1, type: 'JournalCreated', state: wide.body }]);
    expect((wideVersions[0]!.state!.entries as unknown[]).length).toBe(201);
    expect(historyItems).toHaveLength(3);
    expect(historyItems.filter((i) => 'purgeAt' in i)).toEqual([]);
  });
});
