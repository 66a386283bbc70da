import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import { client, useGateway, type ApiResponse, type Client } from '../../support/api.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';
import { eventItems, versionItems } from '../../db/support/spread-items.ts';

const gateway = useGateway();

interface Version {
  version: number;
  type: string;
  actor: { type: string; id: string; createdBy: string | null } | null;
  requestId: string | null;
  occurredAt: string;
  sequence: number;
  state: Record<string, unknown> | null;
}

/** Every version of a record's history, page by page. */
async function history(api: Client, path: string, pageSize = 2): Promise<Version[]> {
  const versions: Version[] = [];
  let page: string | null = null;
  do {
    const response: ApiResponse = await api.get(`${path}/History?pageSize=${pageSize}${page ? `&page=${encodeURIComponent(page)}` : ''}`);
    if (response.status !== 200) throw new Error(response.text);
    versions.push(...response.body.results);
    page = response.body.nextPage;
  } while (page);
  return versions;
}

/** What a write's answer says a version must show. */
const versionOf = (type: string, response: ApiResponse, actor: Version['actor']) => ({
  version: response.body?.version,
  type,
  actor,
  requestId: response.headers.get('x-request-id'),
  state: response.body,
});

describe('record history', () => {
  it('keeps every version of a journal in order: the change, who, which request, when, and the journal after it', async () => {
    const { api, base, chart, user } = await companyBooks(gateway.url);
    const me = { type: 'user', id: user.id, createdBy: null };
    const created = await api.post(`${base}/Journals`, { date: '2026-02-01T08:00:00Z', entries: [debit(chart.cash.id, '5.00'), credit(chart.sales.id, '5.00')] });
    const updated = await api.put(`${base}/Journals/${created.body.id}`, { date: '2026-02-02T08:00:00Z', description: 'corrected', entries: [debit(chart.cash.id, '6.00'), credit(chart.sales.id, '6.00')], version: 1 });
    const posted = await api.post(`${base}/Journals/${created.body.id}/Post`, { postingDate: '2026-02-02', version: 2 });
    const voided = await api.post(`${base}/Journals/${created.body.id}/Void`, { version: 3 });

    const versions = await history(api, `${base}/Journals/${created.body.id}`);

    expect([created.status, updated.status, posted.status, voided.status]).toEqual([200, 200, 200, 200]);
    expect(versions).toMatchObject([
      versionOf('JournalCreated', created, me),
      versionOf('JournalUpdated', updated, me),
      versionOf('JournalPosted', posted, me),
      versionOf('JournalVoided', voided, me),
    ]);
    expect(versions.map((v) => v.sequence)).toEqual([...versions.map((v) => v.sequence)].sort((a, b) => a - b));
    expect(versions.every((v) => Math.abs(Date.parse(v.occurredAt) - Date.now()) < 60_000)).toBe(true);
  });

  it('names the API key that made a change and the user who created the key; keeps a deleted record\'s versions, its deletion last', async () => {
    const { api, base, user } = await companyBooks(gateway.url);
    const key = (await api.post(`${base}/ApiKeys`, { name: 'ERP', permissions: ['cost-centers:read', 'cost-centers:create', 'cost-centers:update', 'cost-centers:delete'] })).body;
    const erp = client(gateway.url, `Bearer ${key.key}`);
    const created = await erp.post(`${base}/CostCenters`, { code: 'X', name: { english: 'X', arabic: 'س' } });
    const deactivated = await api.post(`${base}/CostCenters/${created.body.id}/Deactivate`, { version: created.body.version });
    const deleted = await erp.delete(`${base}/CostCenters/${created.body.id}`, { version: deactivated.body.version });

    const versions = await history(api, `${base}/CostCenters/${created.body.id}`);

    expect(deleted.status).toBe(200);
    const byKey = { type: 'apiKey', id: key.id, createdBy: user.id };
    expect(versions).toMatchObject([
      versionOf('CostCenterCreated', created, byKey),
      versionOf('CostCenterDeactivated', deactivated, { type: 'user', id: user.id, createdBy: null }),
      { type: 'CostCenterDeleted', version: deactivated.body.version + 1, actor: byKey, requestId: deleted.headers.get('x-request-id'), state: null },
    ]);
  });

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

  it('answers 404 for a record it has no version of, and needs the permission that reads the record', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    const key = (await api.post(`${base}/ApiKeys`, { name: 'events', permissions: ['events:read', 'accounts:read'] })).body.key;
    const reader = client(gateway.url, `Bearer ${key}`);

    const unknown = await api.get(`${base}/Journals/${crypto.randomUUID()}/History`);
    const journals = await reader.get(`${base}/Journals/${crypto.randomUUID()}/History`);
    const accounts = await reader.get(`${base}/Accounts/${chart.cash.id}/History`);

    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toMatchObject({ code: 'NotFound', reason: 'The journal was not found.' });
    expect(journals.status).toBe(403);
    expect(accounts.status).toBe(200);
    expect(accounts.body.results).toMatchObject([{ version: 1, type: 'AccountCreated', state: chart.cash }]);
  });
});
