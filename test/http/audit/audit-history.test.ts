import { describe, expect, it } from 'vitest';
import { client, useGateway, type ApiResponse } from '../../support/api.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';
import { history, type Version } from '../../support/record-history.ts';

/** Through the API only; history items outliving the expired events: test/db/audit/history-outlives-events.test.ts. */
const gateway = useGateway();

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
