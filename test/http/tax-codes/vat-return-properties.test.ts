import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STANDARD_TAX_CODES } from '../../../shared/tax-codes/standard-sets.ts';
import { useGateway } from '../../support/api.ts';
import { taxedBooks } from '../../support/tax-books.ts';
import { byLedgerOrder, taxDetailRows, type TaxDetailRow } from '../../support/tax-detail-pages.ts';

/**
 * Random taxed books of both jurisdictions: journals of one to three taxed lines (sales, purchases,
 * credit notes and reverse charges on the standard codes and on a code whose rate changes
 * mid-range), amounts with and without tax included, in SAR or in USD at a drawn rate, UAE lines
 * with and without an Emirate, lines naming one of a few counterparties or none, each journal
 * posted, voided, reversed or adjusted and posted again. Every line's tax equals a naive
 * recomputation in integer minor units (half away from zero), and its tax lines name its
 * counterparty; the tax detail, walked a row a page and a few a page, lists exactly the naive rows of the
 * range (each taxed line of each journal posted in it, reversals with their sides swapped, voided
 * journals none, adjusted ones at their new posting date); every box the postings fill equals the
 * naive sum of those rows, and the net due equals both the naive due less recoverable tax and the
 * VAT accounts' movement. PROPERTY_RUNS sets the number of books (2 by default), PROPERTY_SEED
 * replays the seed a failure printed.
 */
const gateway = useGateway();
const RUNS = Number(process.env.PROPERTY_RUNS ?? 2);
const RANGE = { from: '2026-03-01', to: '2026-03-31' };
const DAYS = ['2026-02-27', '2026-03-01', '2026-03-10', '2026-03-15', '2026-03-16', '2026-03-31', '2026-04-01'];
const EMIRATE_ROW: Record<string, string> = { AZ: '1a', DU: '1b', SH: '1c', AJ: '1d', UQ: '1e', RK: '1f', FU: '1g' };
/** A code of the company's own whose rate changes inside the range: 5% to the 15th, 15% from the 16th. */
const CHANGING = { code: 'CHG', from: '2026-03-16', before: 5n, after: 15n };
/** The counterparties each company gets; a line names one of them by its place here, or none. */
const PARTIES = [
  { name: { english: 'Riyadh Trading Co.', arabic: 'شركة الرياض للتجارة' }, country: 'SA', taxRegistrationNumber: '310987654300003' },
  { name: { english: 'Gulf Freight LLC', arabic: 'الخليج للشحن' }, country: 'AE', taxRegistrationNumber: null },
  { name: { english: 'Thames Software Ltd', arabic: 'تيمز للبرمجيات' }, country: 'GB', taxRegistrationNumber: 'GB-123456789' },
];

const party = fc.option(fc.nat({ max: PARTIES.length - 1 }), { nil: null });
const lineShape = fc.record({
  code: fc.nat(),
  own: fc.boolean(),
  units: fc.integer({ min: 1, max: 99_999_999 }),
  usd: fc.option(fc.integer({ min: 35_000, max: 40_000 }), { nil: null }),
  emirate: fc.option(fc.constantFrom(...Object.keys(EMIRATE_ROW)), { nil: null }),
  party,
});
const journalShape = fc.record({
  day: fc.constantFrom(...DAYS),
  included: fc.boolean(),
  lines: fc.array(lineShape, { minLength: 1, maxLength: 3 }),
  // The bank line first or last, so a taxed line's index is not always its place among the taxed lines.
  bankFirst: fc.boolean(),
  bankParty: party,
  reference: fc.option(fc.constantFrom('INV-1001', 'CN/7'), { nil: null }),
  description: fc.option(fc.constantFrom('March sales', 'مشتريات مارس'), { nil: null }),
  then: fc.constantFrom('post', 'post', 'void', 'reverse', 'adjust'),
  later: fc.constantFrom(...DAYS),
});
const inRange = (day: string) => day >= RANGE.from && day <= RANGE.to;
/** How many rows a journal leaves in the range's tax detail, from its shape alone. */
const rowsLeft = (j: typeof journalShape extends fc.Arbitrary<infer J> ? J : never) => j.lines.length * { post: +inRange(j.day), void: 0, reverse: +inRange(j.day) + +inRange(j.later), adjust: +inRange(j.later) }[j.then];
const booksShape = fc.record({
  jurisdiction: fc.constantFrom('SA' as const, 'AE' as const),
  defaultEmirate: fc.option(fc.constantFrom(...Object.keys(EMIRATE_ROW)), { nil: null }),
  // At least two rows in the range, so each walk below turns a page.
  journals: fc.array(journalShape, { minLength: 3, maxLength: 6 }).filter((js) => js.reduce((n, j) => n + rowsLeft(j), 0) >= 2),
  pageSize: fc.integer({ min: 2, max: 4 }),
});

/** Half away from zero of a non-negative numerator over a positive denominator. */
const roundedDiv = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);
const cents = (text: string | number) => BigInt(Math.round(Number(text) * 100));
/** Minor units as the report writes an amount of two decimals. */
const money = (minor: bigint) => new Big(minor.toString()).div(100).toFixed(2);

type Entry = { side: number; amount: number; baseAmount: number; tax: { taxAmount: number } | null; taxOf: number | null; counterpartyId: string | null };

describe('the VAT return, property', () => {
  it('equals a naive recomputation from the posted lines, row by row and box by box, and its net due the VAT accounts’ movement', async () => {
    await fc.assert(
      fc.asyncProperty(booksShape, async ({ jurisdiction, defaultEmirate, journals, pageSize }) => {
        const books = await taxedBooks(gateway.url, jurisdiction, { standard: true, ...(jurisdiction === 'AE' && defaultEmirate ? { defaultEmirate } : {}) });
        const { api, base, chart, outputVat, inputVat } = books;
        const created = await api.post(`${base}/TaxCodes`, { code: CHANGING.code, name: { english: 'Changing', arabic: 'متغير' }, kind: 'standard', direction: 'supplies', rates: [{ effectiveFrom: '2018-01-01', percent: 5 }, { effectiveFrom: CHANGING.from, percent: 15 }], taxAccountId: outputVat.id, baseBoxes: ['1'], taxBoxes: ['1'] });
        expect(created.status, created.text).toBe(200);
        const codes = [...STANDARD_TAX_CODES[jurisdiction].map((c) => ({ code: c.code, id: books.codes[c.code]!.id, kind: c.kind, direction: c.direction, percent: (day: string) => BigInt(c.rates.filter((r) => r.effectiveFrom <= day).at(-1)!.percent), baseBoxes: c.baseBoxes, taxBoxes: c.taxBoxes })),
          { code: CHANGING.code, id: created.body.id as string, kind: 'standard', direction: 'supplies', percent: (day: string) => (day < CHANGING.from ? CHANGING.before : CHANGING.after), baseBoxes: ['1'], taxBoxes: ['1'] }];
        const parties = await Promise.all(PARTIES.map(async (p) => {
          const r = await api.post(`${base}/Counterparties`, p);
          expect(r.status, r.text).toBe(200);
          return r.body.id as string;
        }));
        const partyId = (n: number | null) => (n === null ? null : parties[n]!);

        /** The naive rows of every journal as posted, whatever their posting date. */
        const naiveRows: TaxDetailRow[] = [];
        for (const j of journals) {
          const lines = j.lines.map((l) => {
            const code = codes[l.code % codes.length]!;
            const taxed = !['zeroRated', 'exempt', 'outOfScope'].includes(code.kind);
            const natural = code.direction === 'supplies' ? 2 : 1;
            const side = l.own ? natural : 3 - natural;
            const included = j.included && taxed && code.kind !== 'reverseCharge';
            const percent = taxed ? code.percent(j.day) : 0n;
            // The naive tax in the line's minor units, and its taxable amount without it.
            const tax = included ? roundedDiv(BigInt(l.units) * percent, 100n + percent) : roundedDiv(BigInt(l.units) * percent, 100n);
            const net = included ? BigInt(l.units) - tax : BigInt(l.units);
            const rate = l.usd === null ? null : BigInt(l.usd);
            const toBase = (minor: bigint) => (rate === null ? minor : roundedDiv(minor * rate, 10_000n));
            // A UAE line names its Emirate, or else takes the company's default; one without either is given one.
            const needsEmirate = jurisdiction === 'AE' && code.baseBoxes.includes('1') && !defaultEmirate;
            const emirate = jurisdiction === 'AE' && (l.emirate ?? needsEmirate) ? (l.emirate ?? 'AZ') : null;
            const countsIn = jurisdiction === 'AE' ? (emirate ?? defaultEmirate) : null;
            const row = countsIn ? EMIRATE_ROW[countsIn]! : null;
            const place = (boxes: readonly string[]) => (jurisdiction === 'AE' ? boxes.map((b) => (b === '1' ? row! : b)) : [...boxes]);
            const exchangeRate = rate === null ? '1' : new Big(l.usd!).div(10_000).toString();
            const counterpartyId = partyId(l.party);
            const sent = { accountId: code.direction === 'supplies' ? chart.sales.id : chart.rent.id, side, amount: money(BigInt(l.units)), taxCode: code.code, ...(rate === null ? {} : { currency: 'USD', exchangeRate }), ...(emirate ? { emirate } : {}), ...(counterpartyId ? { counterpartyId } : {}) };
            return { code, sent, side, own: l.own, counterpartyId, tax, net, base: toBase(net), baseTax: tax === 0n ? 0n : toBase(tax), taxLines: tax === 0n ? 0 : code.kind === 'reverseCharge' ? 2 : 1, percent, emirate: countsIn, baseBoxes: place(code.baseBoxes), taxBoxes: place(code.taxBoxes), currency: rate === null ? 'SAR' : 'USD', exchangeRate };
          });
          const fields = { date: `${j.day}T10:00:00Z`, amountsIncludeTax: j.included, ...(j.reference ? { reference: j.reference } : {}), ...(j.description ? { description: j.description } : {}) };
          const bank = (side: number, amount: string) => ({ accountId: chart.bank.id, side, amount, ...(j.bankParty === null ? {} : { counterpartyId: partyId(j.bankParty) }) });
          const draft = await api.post(`${base}/Journals`, { ...fields, entries: [...lines.map((l) => l.sent), bank(1, '0.01')] });
          expect(draft.status, draft.text).toBe(200);
          // The bank line takes what the other lines come to (two opposite cents when that is nothing): the draft again, balanced.
          const others = (draft.body.entries as Entry[]).filter((_, i) => i !== lines.length).reduce((s, e) => s + (e.side === 1 ? 1n : -1n) * cents(e.baseAmount), 0n);
          const banks = others === 0n ? [bank(1, '0.01'), bank(2, '0.01')] : [bank(others > 0n ? 2 : 1, money(others > 0n ? others : -others))];
          const offset = j.bankFirst ? banks.length : 0;
          const sentLines = lines.map((l) => l.sent);
          const balanced = await api.put(`${base}/Journals/${draft.body.id}`, { ...fields, entries: j.bankFirst ? [...banks, ...sentLines] : [...sentLines, ...banks], version: 1 });
          expect(balanced.status, balanced.text).toBe(200);

          /** Each taxed line of the answered lines: its naive amounts and tax, and its tax lines (two for a reverse charge, none for no tax) naming its counterparty. */
          const carries = (entries: Entry[], swapped: boolean, what: string) => {
            lines.forEach((l, i) => {
              const at = offset + i;
              const line = entries[at]!;
              expect([line.side, cents(line.amount), cents(line.baseAmount), cents(line.tax!.taxAmount), line.counterpartyId], `${what}: line ${at} of ${JSON.stringify(l.sent)}`).toEqual([swapped ? 3 - l.side : l.side, l.net, l.base, l.tax, l.counterpartyId]);
              const taxLines = entries.filter((e) => e.taxOf === at);
              expect(taxLines.map((e) => e.counterpartyId), `${what}: the tax lines of line ${at}`).toEqual(Array(l.taxLines).fill(l.counterpartyId));
            });
            expect(entries.filter((e) => e.tax === null && e.taxOf === null).map((e) => e.counterpartyId), `${what}: the bank lines`).toEqual(banks.map(() => partyId(j.bankParty)));
          };
          carries(balanced.body.entries, false, 'the draft');
          const posted = await api.post(`${base}/Journals/${draft.body.id}/Post`, { postingDate: j.day, version: balanced.body.version });
          expect(posted.status, posted.text).toBe(200);
          carries(posted.body.entries, false, 'the posted journal');

          /** The naive rows of the journal posted on `postingDate` (the reversal's with the sides swapped). */
          const rows = (journal: { journalId: string; serialNumber: number; date: string; postingDate: string; description: string | null }, swapped: boolean): TaxDetailRow[] =>
            lines.map((l, i) => {
              const sign = l.own !== swapped ? 1n : -1n;
              return {
                ...journal, reference: j.reference, line: offset + i, accountId: l.sent.accountId, counterpartyId: l.counterpartyId, side: swapped ? 3 - l.side : l.side,
                taxCode: l.code.code, taxCodeId: l.code.id, kind: l.code.kind, direction: l.code.direction, percent: String(l.percent), emirate: l.emirate, baseBoxes: l.baseBoxes, taxBoxes: l.taxBoxes,
                currency: l.currency, exchangeRate: l.exchangeRate, amount: money(sign * l.net), taxAmount: money(sign * l.tax), baseAmount: money(sign * l.base), baseTaxAmount: money(sign * l.baseTax),
              };
            });
          const journal = { journalId: draft.body.id as string, serialNumber: draft.body.serialNumber as number, date: fields.date, postingDate: j.day, description: j.description };
          if (j.then === 'post') naiveRows.push(...rows(journal, false));
          else if (j.then === 'void') {
            const voided = await api.post(`${base}/Journals/${draft.body.id}/Void`, { version: posted.body.version });
            expect(voided.status, voided.text).toBe(200);
          } else if (j.then === 'reverse') {
            const reversal = await api.post(`${base}/Journals/${draft.body.id}/Reverse`, { postingDate: j.later, version: posted.body.version });
            expect(reversal.status, reversal.text).toBe(200);
            carries(reversal.body.entries, true, 'the reversal');
            naiveRows.push(...rows(journal, false), ...rows({ journalId: reversal.body.id, serialNumber: reversal.body.serialNumber, date: `${j.later}T00:00:00Z`, postingDate: j.later, description: `Reversal of journal ${journal.serialNumber}` }, true));
          } else {
            const adjusted = await api.post(`${base}/Journals/${draft.body.id}/Adjust`, { version: posted.body.version });
            expect(adjusted.status, adjusted.text).toBe(200);
            const reposted = await api.post(`${base}/Journals/${draft.body.id}/Post`, { postingDate: j.later, version: adjusted.body.version });
            expect(reposted.status, reposted.text).toBe(200);
            carries(reposted.body.entries, false, 'the journal posted again');
            naiveRows.push(...rows({ ...journal, postingDate: j.later }, false));
          }
        }
        const expected = naiveRows.filter((r) => inRange(r.postingDate)).sort(byLedgerOrder);

        // The working paper, walked a row a page (so every journal of several lines is split
        // between pages) and a few rows a page: each walk in ledger order, exactly the naive rows.
        for (const walk of new Set([1, Math.min(pageSize, expected.length - 1)])) {
          const { rows, pages } = await taxDetailRows(api, base, RANGE, walk);
          expect(rows, `the tax detail by ${walk}, in ledger order`).toEqual([...rows].sort(byLedgerOrder));
          expect(rows, `the tax detail by ${walk}, row by row`).toEqual(expected);
          expect(pages, `pages of ${walk}`).toBe(Math.ceil(expected.length / walk));
        }

        // The naive figures of the range, by box, and the naive net due, from the naive rows.
        const boxes = new Map<string, { amount: bigint; tax: bigint }>();
        let netDue = 0n;
        for (const r of expected) {
          for (const box of r.baseBoxes) boxes.set(box, { amount: (boxes.get(box)?.amount ?? 0n) + cents(r.baseAmount), tax: boxes.get(box)?.tax ?? 0n });
          for (const box of r.taxBoxes) boxes.set(box, { amount: boxes.get(box)?.amount ?? 0n, tax: (boxes.get(box)?.tax ?? 0n) + cents(r.baseTaxAmount) });
          if (r.kind !== 'reverseCharge') netDue += (r.direction === 'supplies' ? 1n : -1n) * cents(r.baseTaxAmount);
        }
        const vat = await api.get(`${base}/Reports/VatReturn?dateFrom=${RANGE.from}&dateTo=${RANGE.to}`);
        expect(vat.status, vat.text).toBe(200);
        for (const box of vat.body.boxes as Array<{ box: string; amount: string | null; tax: string | null }>) {
          const naive = boxes.get(box.box);
          if (!naive && !/^1[a-g]$/.test(box.box) && !codes.some((c) => c.baseBoxes.includes(box.box) || c.taxBoxes.includes(box.box))) continue;
          if (box.amount !== null) expect(cents(box.amount), `box ${box.box} amount`).toBe(naive?.amount ?? 0n);
          if (box.tax !== null) expect(cents(box.tax), `box ${box.box} tax`).toBe(naive?.tax ?? 0n);
        }
        expect(cents(vat.body.netDue), 'net due').toBe(netDue);
        const trial = (await api.get(`${base}/Reports/TrialBalance?dateFrom=${RANGE.from}&dateTo=${RANGE.to}`)).body;
        const moved = (id: string) => trial.rows.find((r: { accountId: string }) => r.accountId === id)?.movement ?? { debit: '0', credit: '0' };
        expect(cents(moved(outputVat.id).credit) - cents(moved(outputVat.id).debit) - (cents(moved(inputVat.id).debit) - cents(moved(inputVat.id).credit)), 'VAT accounts').toBe(netDue);
      }),
      { numRuns: RUNS, endOnFailure: true, ...(process.env.PROPERTY_SEED ? { seed: Number(process.env.PROPERTY_SEED) } : {}) },
    );
  }, 600_000);
});
