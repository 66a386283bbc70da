import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { client, companyOwner, signedInUser, useGateway, type ApiResponse } from '../../support/api.ts';
import { chartOfAccounts, credit, debit, postedJournal, year2026 } from '../../support/ledger.ts';

/** Regression tests for the defects of the adversarial run: each failed before its fix. */
const gateway = useGateway();
const role = (name: string) => ROLES.find((r) => r.name === name)!.id;
const names = (english: string) => ({ arabic: english, english });

function expectError(response: ApiResponse, status: number, field: string, code?: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body.errors[0].name, response.text).toBe(field);
  if (code) expect(response.body.errors[0].code, response.text).toBe(code);
  expect(typeof response.body.requestId).toBe('string');
}

describe('dates have a range and no input makes a loop run away', () => {
  it('creates and re-dates a year ending 9999-12-31 with exactly one period', async () => {
    const { api, base } = await companyOwner(gateway.url);

    const created = await api.post(`${base}/FinancialYears`, { startDate: '9999-12-01', endDate: '9999-12-31' });
    const updated = await api.put(`${base}/FinancialYears/${created.body.id}`, { startDate: '9999-11-01', endDate: '9999-12-31', version: created.body.version });

    expect(created.status).toBe(200);
    expect(created.body.periods.map((p: { startDate: string; endDate: string }) => [p.startDate, p.endDate])).toEqual([['9999-12-01', '9999-12-31']]);
    expect(updated.status).toBe(200);
    expect(updated.body.periods).toHaveLength(2);
  });

  it('refuses dates before 1900 and date-times outside the range in UTC, naming the field', async () => {
    const { api, base } = await companyOwner(gateway.url);

    expectError(await api.post(`${base}/FinancialYears`, { startDate: '0050-01-01', endDate: '0050-12-31' }), 400, 'startDate');
    expectError(await api.post(`${base}/Journals`, { date: '1899-12-31T23:00:00Z', entries: [] }), 400, 'date');
    expectError(await api.post(`${base}/ApiKeys`, { name: 'k', permissions: ['accounts:read'], expiresAt: '9999-12-31T23:59:59-23:59' }), 400, 'expiresAt');
    expectError(await api.get(`${base}/Journals?dateFrom=2026-03-16&dateTo=2026-03-15`), 400, 'dateTo');
  });
});

describe('no request reaches DynamoDB with a key it cannot hold', () => {
  it('refuses an over-long company id, path codes over 32 characters and malformed percent-encoding with 400s', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(api, base);
    const longCode = 'x'.repeat(1100);

    expectError(await api.get(`/api/v1/Companies/${'a'.repeat(3000)}/Accounts`), 400, 'companyId');
    expectError(await api.post(`${base}/Journals`, { date: '2026-01-05T00:00:00Z', entries: [debit(`1.${longCode}`, 1), credit(chart.sales.id, 1)] }), 400, 'entries[0].accountId');
    expectError(await api.post(`${base}/Journals`, { date: '2026-01-05T00:00:00Z', entries: [debit(chart.cash.id, 1, longCode), credit(chart.sales.id, 1)] }), 400, 'entries[0].costCenterId');
    expectError(await api.post(`${base}/Accounts`, { code: 'x', parentId: longCode, name: names('x'), type: 'leaf' }), 400, 'parentId');
    expectError(await api.get(`${base}/Reports/TrialBalance?financialYearId=${chart.cash.id}&costCenterId=${longCode}`), 400, 'costCenterId');
    const badEncoding = await api.get('/api/v1/Companies/%E0%A4%A/Accounts');
    expectError(badEncoding, 400, 'companyId', 'InvalidEncoding');
    expect(badEncoding.headers.get('x-request-id')).toBe(badEncoding.body.requestId);
  });

  it('accepts upper-case UUIDs in paths and entry lines, and stores and returns them in lower case', async () => {
    const { api, companyId } = await companyOwner(gateway.url);
    const upperBase = `/api/v1/Companies/${companyId.toUpperCase()}`;
    const chart = await chartOfAccounts(api, upperBase);

    const fetched = await api.get(`${upperBase}/Accounts/${chart.cash.id.toUpperCase()}`);
    const journal = await api.post(`${upperBase}/Journals`, {
      date: '2026-01-05T00:00:00Z',
      entries: [debit(chart.cash.id.toUpperCase(), 5, chart.hq.id.toUpperCase()), credit(chart.sales.id, 5)],
    });

    expect(fetched.status).toBe(200);
    expect(fetched.body.id).toBe(chart.cash.id);
    expect(journal.status).toBe(200);
    expect(journal.body.entries[0]).toMatchObject({ accountId: chart.cash.id, costCenterId: chart.hq.id });
  });
});

describe('members: nobody grants or takes away more than they hold, and an owner always remains', () => {
  it('refuses an API key holding members:manage when it would add or demote an owner', async () => {
    const owner = await companyOwner(gateway.url);
    // It may grant the viewer role (it holds every read permission), but nothing above it.
    const viewerPermissions = ROLES.find((r) => r.name === 'viewer')!.permissions;
    const created = await owner.api.post(`${owner.base}/ApiKeys`, { name: 'hr', permissions: ['members:manage', ...viewerPermissions] });
    const key = client(gateway.url, `Bearer ${created.body.key}`);

    const demote = await key.put(`${owner.base}/Members/${owner.user.id}`, { roleId: role('viewer'), version: 1 });
    const remove = await key.delete(`${owner.base}/Members/${owner.user.id}`, { version: 1 });
    const addOwner = await key.post(`${owner.base}/Members`, { email: 'new-owner@example.com', roleId: role('owner') });
    const addViewer = await key.post(`${owner.base}/Members`, { email: 'new-viewer@example.com', roleId: role('viewer') });

    expectError(demote, 403, 'userId', 'Forbidden');
    expectError(remove, 403, 'userId', 'Forbidden');
    expectError(addOwner, 403, 'roleId', 'Forbidden');
    expect(addViewer.status).toBe(200);
    const members = await owner.api.get(`${owner.base}/Members?orderAsc=true`);
    expect(members.body.results.map((m: { role: string; version: number }) => [m.role, m.version])).toEqual([['viewer', 1], ['owner', 1]]);
  });

  it('lets one of two owners demoting each other at once win, so one owner remains', async () => {
    for (let round = 0; round < 5; round++) {
      const first = await companyOwner(gateway.url);
      const second = await signedInUser(gateway.url);
      await first.api.post(`${first.base}/Members`, { email: second.user.email, roleId: role('owner') });

      const [a, b] = await Promise.all([
        first.api.put(`${first.base}/Members/${second.user.id}`, { roleId: role('viewer'), version: 1 }),
        second.api.put(`${first.base}/Members/${first.user.id}`, { roleId: role('viewer'), version: 1 }),
      ]);

      // The loser is refused either by the owner counter (LastOwner) or, when its request was
      // authenticated after the winner's commit, because it no longer holds the owner role.
      expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
      const loser = a.status === 200 ? b : a;
      expect(['LastOwner', 'Forbidden']).toContain(loser.body.errors[0].code);
      const members = (await (a.status === 200 ? first : second).api.get(`${first.base}/Members`)).body.results;
      expect(members.filter((m: { role: string }) => m.role === 'owner')).toHaveLength(1);
    }
  });

  it('keeps an API key working after the member who created it leaves (the key belongs to the company)', async () => {
    const owner = await companyOwner(gateway.url);
    const accountant = await signedInUser(gateway.url);
    await owner.api.post(`${owner.base}/Members`, { email: accountant.user.email, roleId: role('accountant') });
    const created = await accountant.api.post(`${owner.base}/ApiKeys`, { name: 'sync', permissions: ['accounts:read'] });

    await owner.api.delete(`${owner.base}/Members/${accountant.user.id}`, { version: 1 });

    expect((await accountant.api.get(`${owner.base}/Accounts`)).status).toBe(404);
    expect((await client(gateway.url, `Bearer ${created.body.key}`).get(`${owner.base}/Accounts`)).status).toBe(200);
  });
});

describe('the books cannot be bent', () => {
  it('refuses lowering the precision once journals exist, and reports never round a unit away', async () => {
    const { api, base } = await companyOwner(gateway.url, { baseCurrency: 'KWD', decimalPrecision: 3 });
    const chart = await chartOfAccounts(api, base);
    const year = await year2026(api, base);
    await postedJournal(api, base, '2026-02-01', [debit(chart.cash.id, '0.005'), debit(chart.cash.id, '0.005'), debit(chart.cash.id, '0.005'), credit(chart.sales.id, '0.015')]);
    const settings = (await api.get(`${base}/Settings`)).body;

    const lowered = await api.put(`${base}/Settings`, { baseCurrency: 'KWD', decimalPrecision: 2, retainedEarningsAccountId: null, version: settings.version });
    const report = await api.get(`${base}/Reports/TrialBalance?financialYearId=${year.id}`);

    expectError(lowered, 409, 'decimalPrecision', 'PrecisionInUse');
    expect(report.body.totals.movement).toEqual({ debit: '0.015', credit: '0.015' });
    expect((await api.get(`${base}/Settings`)).body.decimalPrecision).toBe(3);
  });

  it('keeps a reversing journal final: no void, adjust or reverse of it', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(api, base);
    await year2026(api, base);
    const original = await postedJournal(api, base, '2026-03-01', [debit(chart.cash.id, 10), credit(chart.sales.id, 10)]);
    const reversal = (await api.post(`${base}/Journals/${original.id}/Reverse`, { postingDate: '2026-03-02', version: original.version })).body;

    for (const action of ['Void', 'Adjust']) {
      expectError(await api.post(`${base}/Journals/${reversal.id}/${action}`, { version: reversal.version }), 409, 'generalErrors', 'ReversalIsFinal');
    }
    expectError(await api.post(`${base}/Journals/${reversal.id}/Reverse`, { postingDate: '2026-03-03', version: reversal.version }), 409, 'generalErrors', 'ReversalIsFinal');
    expect((await api.get(`${base}/Journals/${reversal.id}`)).body).toMatchObject({ status: 'posted', version: reversal.version });
  });

  it('protects the retained earnings account of the settings from deletion and from leaving equity', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(api, base);
    const settings = (await api.get(`${base}/Settings`)).body;
    await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 2, retainedEarningsAccountId: chart.retained.id, version: settings.version });

    const deleted = await api.delete(`${base}/Accounts/${chart.retained.id}`, { version: chart.retained.version });
    const moved = await api.put(`${base}/Accounts/${chart.retained.id}`, { code: '3101', name: chart.retained.name, parentId: chart.assets.id, version: chart.retained.version });
    const reclassified = await api.put(`${base}/Accounts/${chart.equity.id}`, { code: '3', name: chart.equity.name, parentId: null, classification: 'asset', version: chart.equity.version });
    const movedWithin = await api.post(`${base}/Accounts`, { code: '39', name: names('Reserves'), type: 'category', parentId: chart.equity.id });
    const stillEquity = await api.put(`${base}/Accounts/${chart.retained.id}`, { code: '3101', name: chart.retained.name, parentId: movedWithin.body.id, version: chart.retained.version });

    expectError(deleted, 409, 'generalErrors', 'RetainedEarningsAccount');
    expectError(moved, 409, 'parentId', 'RetainedEarningsAccount');
    expectError(reclassified, 409, 'classification', 'RetainedEarningsAccount');
    expect(stillEquity.status).toBe(200);
    expect(stillEquity.body.classification).toBe('equity');
  });

  it('refuses to post a draft whose cost center was deactivated after it was written', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(api, base);
    await year2026(api, base);
    const draft = await api.post(`${base}/Journals`, { date: '2026-04-01T00:00:00Z', entries: [debit(chart.cash.id, 3), credit(chart.sales.id, 3, chart.branch.id)] });
    await api.post(`${base}/CostCenters/${chart.branch.id}/Deactivate`, { version: chart.branch.version });

    const posted = await api.post(`${base}/Journals/${draft.body.id}/Post`, { postingDate: '2026-04-01', version: 1 });

    expectError(posted, 409, 'entries[1].costCenterId', 'InactiveCostCenter');
    expect((await api.get(`${base}/Journals/${draft.body.id}`)).body.status).toBe('draft');
  });
});

describe('an idempotency key belongs to one record', () => {
  it('refuses a key reused for another journal or period instead of replaying the first response', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(api, base);
    const year = await year2026(api, base);
    const j1 = await postedJournal(api, base, '2026-05-01', [debit(chart.cash.id, 1), credit(chart.sales.id, 1)]);
    const j2 = await postedJournal(api, base, '2026-05-02', [debit(chart.cash.id, 2), credit(chart.sales.id, 2)]);
    const [p1, p2] = year.periods;
    const key = { 'idempotency-key': 'one-key' };

    const first = await api.post(`${base}/Journals/${j1.id}/Reverse`, { postingDate: '2026-05-03', version: j1.version }, key);
    const replay = await api.post(`${base}/Journals/${j1.id.toUpperCase()}/Reverse`, { postingDate: '2026-05-03', version: j1.version }, key);
    const other = await api.post(`${base}/Journals/${j2.id}/Reverse`, { postingDate: '2026-05-03', version: j2.version }, key);
    const closeP1 = await api.post(`${base}/FinancialYears/${year.id}/Periods/${p1.id}/Close`, { version: p1.version }, { 'idempotency-key': 'close' });
    const closeP2 = await api.post(`${base}/FinancialYears/${year.id}/Periods/${p2.id}/Close`, { version: p2.version }, { 'idempotency-key': 'close' });

    expect(first.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expectError(other, 422, 'Idempotency-Key', 'IdempotencyKeyReused');
    expect((await api.get(`${base}/Journals/${j2.id}`)).body.status).toBe('posted');
    expect(closeP1.status).toBe(200);
    expectError(closeP2, 422, 'Idempotency-Key', 'IdempotencyKeyReused');
    expect((await api.get(`${base}/FinancialYears/${year.id}/Periods/${p2.id}`)).body.status).toBe('open');
  });
});

describe('smaller input rules', () => {
  it('takes pageSize as plain digits only, naming the range', async () => {
    const { api, base } = await companyOwner(gateway.url);
    for (const size of ['0x10', '1e2', '%205', '0', '101', '-1']) {
      const response = await api.get(`${base}/Accounts?pageSize=${size}`);
      expectError(response, 400, 'pageSize');
      expect(response.body.errors[0].reason).toBe('must be an integer from 1 to 100');
    }
    expect((await api.get(`${base}/Accounts?pageSize=100`)).status).toBe(200);
  });

  it('takes codes of visible characters only, NFC-normalised, with no dot-like character', async () => {
    const { api, base } = await companyOwner(gateway.url);
    for (const code of ['a\u0000b', 'a\u200Bb', 'a\uFF0Eb', 'a b', 'a\u2024b', '\u00A0']) {
      expectError(await api.post(`${base}/CostCenters`, { code, name: names('x') }), 400, 'code');
    }
    const decomposed = await api.post(`${base}/CostCenters`, { code: 'Cafe\u0301', name: names('x') });
    const composed = await api.post(`${base}/CostCenters`, { code: 'Caf\u00E9', name: names('y') });

    expect(decomposed.body.code).toBe('Caf\u00E9');
    expect(composed.body.errors[0].code).toBe('DuplicateCode');
    expect((await api.post(`${base}/CostCenters`, { code: 'مركز-١', name: names('z') })).status).toBe(200);
  });

  it('says plainly that the sign-in callback needs the whole redirect query string', async () => {
    const response = await client(gateway.url).get('/api/Authentication/Login/Callback?code=abc');
    expectError(response, 400, 'state');
    expect(response.body.errors[0].reason).toContain('whole query string');
  });
});
