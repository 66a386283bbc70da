import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { companyOwner, signedInUser, useGateway } from '../../support/api.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';

/**
 * What a warm function keeps (docs/decisions.md, Capacity), as this process's own changes reach
 * it: at once (test/db/requests/warm-caches-elsewhere.test.ts: changes made by another function,
 * and the round trips a warm function spends).
 */
const gateway = useGateway();

describe('access kept by a warm function', () => {
  it('refuses at once a member removed through the API by this process', async () => {
    const owner = await companyOwner(gateway.url);
    const member = await signedInUser(gateway.url);
    await owner.api.post(`${owner.base}/Members`, { email: member.user.email, roleId: ROLES.find((r) => r.name === 'viewer')!.id });
    expect((await member.api.get(`${owner.base}/Accounts`)).status).toBe(200);

    expect((await owner.api.delete(`${owner.base}/Members/${member.user.id}`, { version: 1 })).status).toBe(200);

    expect((await member.api.get(`${owner.base}/Accounts`)).status).toBe(404);
  });
});

describe('year ranges kept as a hint by a warm function', () => {
  it('never posts by a stale hint: a year deleted and made again elsewhere is found, and its locked period refuses', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    const years = (await api.get(`${base}/FinancialYears`)).body.results;
    const entries = [debit(chart.cash.id, 10), credit(chart.sales.id, 10)];
    // The draft's date check keeps the year ranges: the hint now names this year.
    const draft = await api.post(`${base}/Journals`, { date: '2026-06-15T08:00:00Z', entries });
    expect(draft.status).toBe(200);

    expect((await api.delete(`${base}/FinancialYears/${years[0].id}`, { version: years[0].version })).status).toBe(200);
    const again = (await api.post(`${base}/FinancialYears`, { startDate: '2026-01-01', endDate: '2026-12-31' })).body;
    const june = again.periods.find((p: { startDate: string }) => p.startDate === '2026-06-01');
    expect((await api.post(`${base}/FinancialYears/${again.id}/Periods/${june.id}/Lock`, { version: june.version })).status).toBe(200);

    const intoLocked = await api.post(`${base}/Journals/${draft.body.id}/Post`, { postingDate: '2026-06-15', version: 1 });
    const intoOpen = await api.post(`${base}/Journals/${draft.body.id}/Post`, { postingDate: '2026-07-15', version: 1 });

    expect(intoLocked.status).toBe(409);
    expect(intoLocked.body.errors[0]).toMatchObject({ name: 'postingDate', code: 'PeriodNotOpen' });
    expect(intoOpen.status).toBe(200);
    expect(intoOpen.body.financialYearId).toBe(again.id);
  });
});
