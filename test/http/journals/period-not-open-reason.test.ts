import { describe, expect, it } from 'vitest';
import { useGateway } from '../../support/api.ts';
import { companyBooks, credit, debit, draftJournal } from '../../support/ledger.ts';

/** A refused posting says how to get out of it: the operation that opens the period again, with its ids. */
const gateway = useGateway();

const setup = () => companyBooks(gateway.url);

describe('the reason of PeriodNotOpen', () => {
  it('names the Reopen of a closed period, which lets the same posting through', async () => {
    const { api, base, chart, year } = await setup();
    const january = year.periods[0];
    expect((await api.post(`${base}/FinancialYears/${year.id}/Periods/${january.id}/Close`, { version: january.version })).status).toBe(200);
    const journal = await draftJournal(api, base, [debit(chart.cash.id, 10), credit(chart.sales.id, 10)], '2026-01-25');

    const refused = await api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2026-01-25', version: journal.version });

    const reopen = `${base}/FinancialYears/${year.id}/Periods/${january.id}/Reopen`;
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([
      {
        name: 'postingDate',
        code: 'PeriodNotOpen',
        reason: `The period of 2026-01-25 (${january.name}, 2026-01-01 to 2026-01-31) is closed; reopen it with POST ${reopen} (permission financial-years:update), then send this request again.`,
      },
    ]);
    // The way out works as the reason says.
    const closed = (await api.get(`${base}/FinancialYears/${year.id}/Periods/${january.id}`)).body;
    expect((await api.post(reopen, { version: closed.version })).status).toBe(200);
    expect((await api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2026-01-25', version: journal.version })).status).toBe(200);
  });

  it('tells a locked period to be unlocked with the same Reopen', async () => {
    const { api, base, chart, year } = await setup();
    const march = year.periods[2];
    expect((await api.post(`${base}/FinancialYears/${year.id}/Periods/${march.id}/Lock`, { version: march.version })).status).toBe(200);
    const journal = await draftJournal(api, base, [debit(chart.cash.id, 10), credit(chart.sales.id, 10)]);

    const refused = await api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2026-03-15', version: journal.version });

    expect(refused.body.errors[0]).toMatchObject({ code: 'PeriodNotOpen', name: 'postingDate' });
    expect(refused.body.errors[0].reason).toContain(`is locked; unlock it with POST ${base}/FinancialYears/${year.id}/Periods/${march.id}/Reopen (permission financial-years:update)`);
  });

  it('says a closed year is never reopened', async () => {
    const { api, base, chart } = await setup();
    const created = await api.post(`${base}/FinancialYears`, { name: 'FY 2025', startDate: '2025-01-01', endDate: '2025-12-31', periods: [{ startDate: '2025-01-01', endDate: '2025-12-31' }] });
    const [only] = created.body.periods;
    expect((await api.post(`${base}/FinancialYears/${created.body.id}/Periods/${only.id}/Close`, { version: only.version })).status).toBe(200);
    const year = (await api.get(`${base}/FinancialYears/${created.body.id}`)).body;
    expect((await api.put(`${base}/FinancialYears/${year.id}/Close`, { version: year.version })).status).toBe(200);
    const journal = await draftJournal(api, base, [debit(chart.cash.id, 10), credit(chart.sales.id, 10)]);

    const refused = await api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2025-06-30', version: journal.version });

    expect(refused.body.errors[0]).toMatchObject({ code: 'PeriodNotOpen', name: 'postingDate' });
    expect(refused.body.errors[0].reason).toMatch(/^The financial year of 2025-06-30 \(FY 2025\) is closed, and a closed year is never reopened/);
    expect(refused.body.errors[0].reason).not.toContain('/Reopen');
  });
});
