import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway, type Client } from '../../support/api.ts';
import { getFile } from '../../support/files.ts';
import { allErrors, imported } from '../../support/imports.ts';
import { companyBooks, credit, debit, postedJournal, year2026 } from '../../support/ledger.ts';
import { taxedBooks } from '../../support/tax-books.ts';

/**
 * Imports of a SAF-T Financial file (`format: "saf-t"`, shared/imports/saf-t/): the fixture,
 * shaped as the standard's example files (two periods, two journals, analysis lines, tax
 * information, a customer and a supplier), brings in the chart, cost centers, opening balances
 * and journals, whose trial balance at each period end is the file's; unbalanced opening
 * balances are refused with errors naming their elements; unreadable files are refused at the
 * request; and a file the export wrote imports into a fresh company to the same books.
 */
const gateway = useGateway();
const FIXTURE = readFileSync(resolve(import.meta.dirname, '../../fixtures/saf-t/financial-1.30.xml'), 'utf8');

/** Each leaf's closing balance (debit less credit, in cents) on `dateTo`, by path. */
async function closings(api: Client, base: string, dateTo: string) {
  const trial = (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=${dateTo}`)).body;
  const cents = (t: string) => Math.round(Number(t) * 100);
  return Object.fromEntries((trial.rows as Array<{ path: string; type: string; closing: { debit: string; credit: string } }>).filter((r) => r.type === 'leaf' && cents(r.closing.debit) !== cents(r.closing.credit)).map((r) => [r.path, cents(r.closing.debit) - cents(r.closing.credit)]));
}

/** A fresh company with the year 2026 into which `file` is imported whole: chart, cost centers, opening balances, posted journals. */
async function importedBooks(file: string) {
  const owner = await companyOwner(gateway.url);
  const year = await year2026(owner.api, owner.base);
  const send = (body: Record<string, unknown>) => imported(owner.api, owner.base, owner.companyId, { format: 'saf-t', data: file, ...body });
  const jobs = {
    accounts: await send({ kind: 'accounts' }),
    costCenters: await send({ kind: 'costCenters' }),
    counterparties: await send({ kind: 'counterparties' }),
    opening: await send({ kind: 'openingBalances', financialYearId: year.id }),
    journals: await send({ kind: 'journals', post: true }),
  };
  return { ...owner, year, jobs, send };
}

const references = async (api: Client, base: string) => ((await api.get(`${base}/Journals?orderBy=SerialNumber&orderAsc=true&pageSize=100`)).body.results as Array<{ reference: string | null; openingOf: string | null }>).filter((j) => !j.openingOf).map((j) => j.reference);

describe('importing a SAF-T Financial file', () => {
  it('brings in the chart, cost centers, opening balances and journals; the trial balance at each period end is the file’s, and a second run changes nothing', async () => {
    const { api, base, jobs, send } = await importedBooks(FIXTURE);

    expect(jobs.accounts).toMatchObject({ status: 'succeeded', format: 'saf-t', counts: { rows: 7, written: 7 } });
    expect(jobs.costCenters).toMatchObject({ status: 'succeeded', counts: { rows: 2, written: 2 } });
    expect(jobs.opening).toMatchObject({ status: 'succeeded', counts: { rows: 2, written: 2 } });
    expect(jobs.journals).toMatchObject({ status: 'succeeded', counts: { rows: 9, written: 9 } });
    // The file's closing balances (end of February) and January's (opening plus January's lines).
    expect(await closings(api, base, '2026-02-28')).toEqual({ '1920': 575000, '2050': -500000, '2700': -15000, '3000': -100000, '6300': 40000 });
    expect(await closings(api, base, '2026-01-31')).toEqual({ '1920': 615000, '2050': -500000, '2700': -15000, '3000': -100000 });
    expect(await references(api, base)).toEqual(['1001', '1002', 'BILL-77', 'PAY-1']);
    const sale = (await api.get(`${base}/Journals?orderBy=SerialNumber&orderAsc=true`)).body.results.find((j: { reference: string }) => j.reference === '1001');
    expect(sale).toMatchObject({ status: 'posted', description: 'Invoice INV-1 to Riyadh Trading', postingDate: '2026-01-10' });
    expect(sale.entries[1].costCenterId).toBeTruthy();

    const again = await send({ kind: 'journals', post: true });
    expect(again).toMatchObject({ status: 'succeeded', counts: { rows: 9, written: 0, skippedDuplicates: 9 } });
    expect(await closings(api, base, '2026-02-28')).toEqual({ '1920': 575000, '2050': -500000, '2700': -15000, '3000': -100000, '6300': 40000 });
  });

  it('refuses opening balances that do not balance, naming the element, and names the element of every other error', async () => {
    const unbalanced = FIXTURE.replace('<OpeningCreditBalance>5000.00</OpeningCreditBalance>', '<OpeningCreditBalance>4000.00</OpeningCreditBalance>').replace('<ClosingCreditBalance>5000.00</ClosingCreditBalance>', '<ClosingCreditBalance>4000.00</ClosingCreditBalance>');
    const { api, base, companyId, year, jobs } = await importedBooks(unbalanced);

    expect(jobs.opening).toMatchObject({ status: 'failed', counts: { rows: 2, written: 0 } });
    expect(jobs.opening.errors[0]).toMatchObject({ row: 1, field: 'MasterFiles/GeneralLedgerAccounts/Account[2]/OpeningDebitBalance', code: 'Unbalanced' });
    // The journals come in without them.
    expect(jobs.journals).toMatchObject({ status: 'succeeded', counts: { written: 9 } });
    expect(await closings(api, base, '2026-02-28')).toEqual({ '1920': 75000, '2700': -15000, '3000': -100000, '6300': 40000 });

    // perItem: the opening journal is one record, left out whole.
    const perItem = await imported(api, base, companyId, { kind: 'openingBalances', format: 'saf-t', mode: 'perItem', financialYearId: year.id, data: unbalanced });
    expect(perItem).toMatchObject({ status: 'failed', counts: { written: 0 } });

    // A line naming an account the books lack, and a closing balance its lines do not make.
    const broken = FIXTURE.replace('<AccountID>6300</AccountID>\n            <Analysis>', '<AccountID>6399</AccountID>\n            <Analysis>').replace('<ClosingDebitBalance>5750.00</ClosingDebitBalance>', '<ClosingDebitBalance>5700.00</ClosingDebitBalance>');
    const refused = await imported(api, base, companyId, { kind: 'journals', format: 'saf-t', post: true, dryRun: true, data: broken });
    expect(refused.status).toBe('failed');
    const errors = await allErrors(api, base, refused.id);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 6, field: 'GeneralLedgerEntries/Journal[1]/Transaction[3]/Line[1]/AccountID', code: 'NotFound' }),
        expect.objectContaining({ row: 9, field: 'MasterFiles/GeneralLedgerAccounts/Account[2]/ClosingDebitBalance', code: 'ClosingBalanceMismatch' }),
      ]),
    );
  });

  it('refuses at the request a malformed file, a DOCTYPE, a cash register file and a budget from SAF-T, naming the field', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const post = (data: unknown, kind = 'journals') => api.post(`${base}/Imports`, { kind, format: 'saf-t', data });
    const cases = [
      [await post(FIXTURE.slice(0, 2000)), 'data', 'InvalidSafT'],
      [await post(FIXTURE.replace('<AuditFile', '<!DOCTYPE AuditFile [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<AuditFile')), 'data', 'InvalidSafT'],
      [await post(FIXTURE.replace('Taxation-Financial', 'Taxation-CashRegister')), 'data', 'NotSafTFinancial'],
      [await post([{}]), 'data', 'ValidationError'],
      [await post(FIXTURE, 'budgetLines'), 'format', 'ValidationError'],
    ] as const;
    for (const [response, name, code] of cases) {
      expect(response.status, response.text).toBe(400);
      expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ name, code })]));
    }
  });

  it('imports a file the export wrote into a fresh company: the same chart, journals by reference, and trial balance at every period end', async () => {
    const source = await importedBooks(FIXTURE);
    const file = await getFile(gateway.url(), source.token, `${source.base}/Exports/SafT?dateFrom=2026-01-01&dateTo=2026-02-28`);
    expect(file.status, file.bytes.toString()).toBe(200);

    const copy = await importedBooks(file.bytes.toString('utf8'));
    for (const job of Object.values(copy.jobs)) expect(job.status, JSON.stringify(job.errors)).toBe('succeeded');
    const chart = async (books: typeof source) => ((await books.api.get(`${books.base}/Accounts?pageSize=100`)).body.results as Array<{ path: string; type: string; classification: string }>).map((a) => [a.path, a.type, a.classification]).sort();
    expect(await chart(copy)).toEqual(await chart(source));
    for (const end of ['2026-01-31', '2026-02-28']) expect(await closings(copy.api, copy.base, end), end).toEqual(await closings(source.api, source.base, end));
    // The export names a journal without a reference (the opening one, here within the range) by its entry number.
    const named = async (books: typeof source) => ((await books.api.get(`${books.base}/Journals?orderBy=SerialNumber&orderAsc=true&pageSize=100`)).body.results as Array<{ reference: string | null; entryNumber?: number; totals: unknown }>).map((j) => [j.reference ?? String(j.entryNumber), j.totals]);
    expect(await named(copy)).toEqual(await named(source));
  });

  it('round-trips a chart of categories, cost centers and a foreign-currency line through the export', async () => {
    const source = await companyBooks(gateway.url);
    const { api, base, chart } = source;
    await postedJournal(api, base, '2026-01-05', [debit(chart.cash.id, 5000), credit(chart.retained.id, 5000)]);
    await postedJournal(api, base, '2026-01-20', [debit(chart.rent.id, 600, chart.hq.id), debit(chart.rent.id, 400, chart.branch.id), credit(chart.cash.id, 1000)]);
    const usd = await api.post(`${base}/Journals`, { date: '2026-02-10', reference: 'USD-1', description: 'Dollar receipt', entries: [{ ...debit(chart.bank.id, 100), currency: 'USD', exchangeRate: '3.75' }, credit(chart.sales.id, 375)] });
    expect((await api.post(`${base}/Journals/${usd.body.id}/Post`, { postingDate: '2026-02-10', version: usd.body.version })).status).toBe(200);
    const file = await getFile(gateway.url(), source.token, `${base}/Exports/SafT?dateFrom=2026-01-01&dateTo=2026-02-28`);
    expect(file.status, file.bytes.toString()).toBe(200);

    const copy = await importedBooks(file.bytes.toString('utf8'));
    for (const job of Object.values(copy.jobs)) expect(job.status, JSON.stringify(job.errors)).toBe('succeeded');
    const tree = async (books: { api: Client; base: string }) => ((await books.api.get(`${books.base}/Accounts?pageSize=100`)).body.results as Array<{ path: string; type: string; classification: string }>).map((a) => [a.path, a.type, a.classification]).sort();
    // The export lists leaf accounts: the copy has the categories above them, and no leaf the file does not list.
    const leaves = (await tree(copy)).filter(([, type]) => type === 'leaf');
    expect(leaves).toEqual((await tree(source)).filter(([, type]) => type === 'leaf'));
    expect((await tree(copy)).filter(([, type]) => type === 'category')).toEqual([['1', 'category', 'asset'], ['3', 'category', 'equity'], ['4', 'category', 'revenue'], ['5', 'category', 'expense']]);
    const centers = async (books: { api: Client; base: string }) => ((await books.api.get(`${books.base}/CostCenters?pageSize=100`)).body.results as Array<{ path: string }>).map((c) => c.path).sort();
    expect(await centers(copy)).toEqual(await centers(source));
    for (const end of ['2026-01-31', '2026-02-28']) expect(await closings(copy.api, copy.base, end), end).toEqual(await closings(api, base, end));
    const dollars = (await copy.api.get(`${copy.base}/Journals?pageSize=100`)).body.results.find((j: { reference: string }) => j.reference === 'USD-1');
    expect(dollars.entries[0]).toMatchObject({ currency: 'USD', amount: 100, exchangeRate: '3.75', baseAmount: 375 });
  });

  it('carries a taxed line’s code and tax into books with the same codes: the books make its tax line again, to the same balances', async () => {
    const source = await taxedBooks(gateway.url, 'SA', { standard: true });
    const { api, base, chart } = source;
    const sale = await api.post(`${base}/Journals`, { date: '2026-01-12', reference: 'INV-9', description: 'Taxed sale', entries: [debit(chart.cash.id, 1150), { ...credit(chart.sales.id, 1000, chart.hq.id), taxCode: 'S-STD' }] });
    expect(sale.status, sale.text).toBe(200);
    expect((await api.post(`${base}/Journals/${sale.body.id}/Post`, { postingDate: '2026-01-12', version: sale.body.version })).status).toBe(200);
    const file = await getFile(gateway.url(), source.token, `${base}/Exports/SafT?dateFrom=2026-01-01&dateTo=2026-01-31`);
    expect(file.status, file.bytes.toString()).toBe(200);

    // As exported (the tax line names its line by CrossReference), and as the standard's example files are (it names nothing: found on the code's tax account).
    const exported = file.bytes.toString('utf8');
    const unnamed = exported.replace(/\s*<CrossReference>[^<]*<\/CrossReference>/g, '');
    expect(unnamed).not.toEqual(exported);
    for (const data of [exported, unnamed]) {
      const copy = await taxedBooks(gateway.url, 'SA', { standard: true });
      const send = (body: Record<string, unknown>) => imported(copy.api, copy.base, copy.companyId, { format: 'saf-t', data, ...body });
      expect(await send({ kind: 'accounts' })).toMatchObject({ status: 'succeeded', counts: { written: 0 } });
      const journals = await send({ kind: 'journals', post: true });
      expect(journals, JSON.stringify(journals.errors)).toMatchObject({ status: 'succeeded', counts: { rows: 2, written: 2 } });
      expect(await closings(copy.api, copy.base, '2026-01-31')).toEqual(await closings(api, base, '2026-01-31'));
      const taxed = (await copy.api.get(`${copy.base}/Journals?pageSize=100`)).body.results.find((j: { reference: string }) => j.reference === 'INV-9');
      expect(taxed.entries.map((e: { taxCode?: string | null; amount: number }) => [e.amount, e.taxCode ?? null])).toEqual(
        (await api.get(`${base}/Journals/${sale.body.id}`)).body.entries.map((e: { taxCode?: string | null; amount: number }) => [e.amount, e.taxCode ?? null]),
      );
    }
  });
});
