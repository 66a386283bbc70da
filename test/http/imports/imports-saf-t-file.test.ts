import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway, type Client } from '../../support/api.ts';
import { allErrors, imported } from '../../support/imports.ts';
import { year2026 } from '../../support/ledger.ts';

/**
 * A whole SAF-T Financial file in one job (`kind: "safT"`): its chart, cost centers,
 * counterparties, opening balances and journals come in as the five jobs of its parts bring
 * them; atomic holds across the parts (one bad element, nothing written), a dry run writes
 * nothing, and a second run skips everything.
 */
const gateway = useGateway();
const FIXTURE = readFileSync(resolve(import.meta.dirname, '../../fixtures/saf-t/financial-1.30.xml'), 'utf8');

/** What the books hold: each leaf's closing balance by path at each period end, the chart, the journals and the counterparties. */
async function books(api: Client, base: string) {
  const cents = (t: string) => Math.round(Number(t) * 100);
  const closings = async (dateTo: string) => {
    const rows = (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=${dateTo}`)).body.rows as Array<{ path: string; type: string; closing: { debit: string; credit: string } }>;
    return Object.fromEntries(rows.filter((r) => r.type === 'leaf' && cents(r.closing.debit) !== cents(r.closing.credit)).map((r) => [r.path, cents(r.closing.debit) - cents(r.closing.credit)]));
  };
  const chart = ((await api.get(`${base}/Accounts?pageSize=100`)).body.results as Array<{ path: string; type: string; classification: string }>).map((a) => [a.path, a.type, a.classification]).sort();
  const centers = ((await api.get(`${base}/CostCenters?pageSize=100`)).body.results as Array<{ path: string }>).map((c) => c.path).sort();
  const journals = ((await api.get(`${base}/Journals?orderBy=SerialNumber&orderAsc=true&pageSize=100`)).body.results as Array<{ reference: string | null; openingOf: string | null; status: string; totals: unknown; entries: Array<{ counterpartyId?: string | null; costCenterId?: string | null }> }>).map((j) => [j.reference, Boolean(j.openingOf), j.status, j.totals, j.entries.map((e) => [e.counterpartyId ?? null, Boolean(e.costCenterId)])]);
  const parties = ((await api.get(`${base}/Counterparties?pageSize=100`)).body.results as Array<{ id: string; name: unknown }>).map((c) => [c.id, c.name]).sort();
  return { january: await closings('2026-01-31'), february: await closings('2026-02-28'), chart, centers, journals, parties };
}

async function freshCompany() {
  const owner = await companyOwner(gateway.url);
  const year = await year2026(owner.api, owner.base);
  return { ...owner, year };
}

describe('a whole SAF-T file in one job', () => {
  it('brings in every part as the five jobs of its parts do, and a second run skips everything', async () => {
    const one = await freshCompany();
    const whole = { kind: 'safT', format: 'saf-t', financialYearId: one.year.id, post: true, data: FIXTURE };
    const job = await imported(one.api, one.base, one.companyId, whole);
    expect(job, JSON.stringify(job.errors)).toMatchObject({ kind: 'safT', status: 'succeeded', counts: { rows: 22, valid: 22, invalid: 0, written: 22, skippedDuplicates: 0 } });

    const five = await freshCompany();
    const send = (body: Record<string, unknown>) => imported(five.api, five.base, five.companyId, { format: 'saf-t', data: FIXTURE, ...body });
    for (const body of [{ kind: 'accounts' }, { kind: 'costCenters' }, { kind: 'counterparties' }, { kind: 'openingBalances', financialYearId: five.year.id }, { kind: 'journals', post: true }]) expect((await send(body)).status).toBe('succeeded');
    const got = await books(one.api, one.base);
    expect(got.february).toEqual({ '1920': 575000, '2050': -500000, '2700': -15000, '3000': -100000, '6300': 40000 });
    expect(got).toEqual(await books(five.api, five.base));

    const again = await imported(one.api, one.base, one.companyId, whole);
    expect(again).toMatchObject({ status: 'succeeded', counts: { rows: 22, written: 0, skippedDuplicates: 22 } });
    expect(await books(one.api, one.base)).toEqual(got);
  });

  it('atomic: one bad element anywhere writes nothing of any part, naming the element; a dry run writes nothing; perItem writes the rest', async () => {
    const { api, base, companyId, year } = await freshCompany();
    const broken = FIXTURE.replace('<AccountID>6300</AccountID>\n            <Analysis>', '<AccountID>6399</AccountID>\n            <Analysis>');
    const body = { kind: 'safT', format: 'saf-t', financialYearId: year.id, post: true, data: broken };

    const dry = await imported(api, base, companyId, { ...body, data: FIXTURE, dryRun: true });
    expect(dry, JSON.stringify(dry.errors)).toMatchObject({ status: 'succeeded', counts: { rows: 22, valid: 22, written: 0 } });

    const refused = await imported(api, base, companyId, body);
    expect(refused).toMatchObject({ status: 'failed', counts: { written: 0 } });
    expect(await allErrors(api, base, refused.id)).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'GeneralLedgerEntries/Journal[1]/Transaction[3]/Line[1]/AccountID', code: 'NotFound' })]));
    const empty = await books(api, base);
    expect([empty.chart, empty.centers, empty.journals, empty.parties]).toEqual([[], [], [], []]);

    const perItem = await imported(api, base, companyId, { ...body, mode: 'perItem' });
    expect(perItem).toMatchObject({ status: 'partiallySucceeded' });
    const some = await books(api, base);
    expect(some.chart).toHaveLength(7);
    expect(some.journals).toHaveLength(4); // the opening journal and three of the four
  });

  it('refuses opening balances without a year, naming financialYearId', async () => {
    const { api, base, companyId } = await freshCompany();
    const job = await imported(api, base, companyId, { kind: 'safT', format: 'saf-t', post: true, data: FIXTURE, dryRun: true });
    expect(job.status).toBe('failed');
    expect(job.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'financialYearId', code: 'Required' })]));
    const wrongFormat = await api.post(`${base}/Imports`, { kind: 'safT', format: 'csv', data: 'a,b' });
    expect(wrongFormat.status).toBe(400);
    expect(wrongFormat.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'format' })]));
  });
});
