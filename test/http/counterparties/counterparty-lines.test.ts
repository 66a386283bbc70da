import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway } from '../../support/api.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';
import { taxedBooks } from '../../support/tax-books.ts';

/** Journal lines naming a counterparty: kept on the line and its tax lines through update, posting and reversal; refused unless the company's and active. */
const gateway = useGateway();

const customer = { name: { english: 'Riyadh Trading Co.', arabic: 'شركة الرياض للتجارة' }, country: 'SA', taxRegistrationNumber: '310987654300003' };

type Entry = { accountId: string; side: number; counterpartyId: string | null };
const parties = (entries: Entry[]) => entries.map((l) => [l.accountId, l.side, l.counterpartyId]);

describe('counterparty lines', () => {
  it('keeps a taxed sale’s counterparty on its line and tax line, through an update, posting and reversal', async () => {
    const { api, base, chart, outputVat } = await taxedBooks(gateway.url, 'SA', { standard: true });
    const party = (await api.post(`${base}/Counterparties`, customer)).body.id as string;

    const created = await api.post(`${base}/Journals`, { date: '2026-03-10T09:00:00Z', entries: [debit(chart.cash.id, 1150), { ...credit(chart.sales.id, 1000), taxCode: 'S-STD', counterpartyId: party }] });

    expect(created.status, created.text).toBe(200);
    expect(parties(created.body.entries)).toEqual([[chart.cash.id, 1, null], [chart.sales.id, 2, party], [outputVat.id, 2, party]]);

    const updated = await api.put(`${base}/Journals/${created.body.id}`, {
      date: '2026-03-10T09:00:00Z',
      entries: [{ ...debit(chart.cash.id, 1150), counterpartyId: party.toUpperCase() }, { ...credit(chart.sales.id, 1000), taxCode: 'S-STD', counterpartyId: party }],
      version: 1,
    });
    expect(updated.status, updated.text).toBe(200);
    expect(parties(updated.body.entries)).toEqual([[chart.cash.id, 1, party], [chart.sales.id, 2, party], [outputVat.id, 2, party]]);

    const posted = await api.post(`${base}/Journals/${created.body.id}/Post`, { postingDate: '2026-03-10', version: 2 });
    expect(posted.status, posted.text).toBe(200);
    expect(posted.body.entries).toEqual(updated.body.entries);
    const reversed = await api.post(`${base}/Journals/${created.body.id}/Reverse`, { postingDate: '2026-03-11', version: posted.body.version });
    expect(reversed.status, reversed.text).toBe(200);
    expect(parties(reversed.body.entries)).toEqual([[chart.cash.id, 2, party], [chart.sales.id, 1, party], [outputVat.id, 1, party]]);
    expect((await api.get(`${base}/Journals/${reversed.body.id}`)).body.entries).toEqual(reversed.body.entries);
    const verified = await api.get(`${base}/Audit/Verify`);
    expect(verified.body, verified.text).toMatchObject({ verified: true, firstBrokenSequence: null });
  });

  it('refuses a line naming an unknown, another company’s or an inactive counterparty, naming the line, with nothing written', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    const other = await companyOwner(gateway.url);
    const theirs = (await other.api.post(`${other.base}/Counterparties`, customer)).body.id as string;
    const active = (await api.post(`${base}/Counterparties`, customer)).body.id as string;
    const retired = (await api.post(`${base}/Counterparties`, customer)).body.id as string;
    expect((await api.put(`${base}/Counterparties/${retired}`, { ...customer, active: false, version: 1 })).status).toBe(200);
    const naming = (first: string | undefined, second: string | undefined) => [
      { ...debit(chart.rent.id, 100), ...(first ? { counterpartyId: first } : {}) },
      { ...credit(chart.bank.id, 100), ...(second ? { counterpartyId: second } : {}) },
    ];

    const unknown = await api.post(`${base}/Journals`, { date: '2026-03-10', entries: naming(undefined, randomUUID()) });
    const foreign = await api.post(`${base}/Journals`, { date: '2026-03-10', entries: naming(active, theirs) });
    const inactive = await api.post(`${base}/Journals`, { date: '2026-03-10', entries: naming(retired, active) });

    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ name: 'entries[1].counterpartyId', code: 'UnknownCounterparty' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors[0]).toMatchObject({ name: 'entries[1].counterpartyId', code: 'UnknownCounterparty' });
    expect(inactive.status).toBe(400);
    expect(inactive.body.errors[0]).toMatchObject({ name: 'entries[0].counterpartyId', code: 'InactiveCounterparty' });
    expect((await api.get(`${base}/Journals`)).body.results).toEqual([]);

    const draft = await api.post(`${base}/Journals`, { date: '2026-03-10', entries: naming(active, undefined) });
    expect(draft.status, draft.text).toBe(200);
    expect(draft.body.serialNumber).toBe(1);
    const refused = await api.put(`${base}/Journals/${draft.body.id}`, { date: '2026-03-10', entries: naming(active, retired), version: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ name: 'entries[1].counterpartyId', code: 'InactiveCounterparty' });
    expect((await api.get(`${base}/Journals/${draft.body.id}`)).body).toEqual(draft.body);
  });
});
