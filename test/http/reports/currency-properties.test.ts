import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/financial-years/dates.ts';
import { companyOwner, useGateway, type ApiResponse, type Client } from '../../support/api.ts';
import { type Account, applyStateChange, buildChart, chartShape, type Classification, type TrackedJournal, under } from '../../support/random-chart.ts';

/**
 * Random multi-currency books (SAR base at 2 or 3 decimals; USD, EUR, KWD and JPY lines at
 * their ISO precision, with given rates or the company's rates by date), under random sequences
 * of create, post, void, reverse, adjust and revaluations at random dates: every line's base
 * amount is its amount x rate rounded half away from zero, and the trial balance (base figures and
 * `currencies`), income statement, balance sheet and general ledger equal a naive recomputation
 * from the posted lines, revaluation journals included (read back through the journals list), in
 * integer minor units. Each revaluation answers the naive holdings; right after it the balance
 * sheet at its date shows each revalued account at exactly foreign balance x rate (plus what else
 * it holds), and with its reversal the base balances from the next day are as before.
 * PROPERTY_RUNS sets the number of books (default kept small for CI).
 */
const gateway = useGateway();
const RUNS = Number(process.env.PROPERTY_RUNS ?? 3);
const BASE = 'SAR';
const FOREIGN = ['USD', 'EUR', 'KWD', 'JPY'] as const;
type Foreign = (typeof FOREIGN)[number];
const PRECISION: Record<Foreign, number> = { USD: 2, EUR: 2, KWD: 3, JPY: 0 };
/** Plausible SAR per unit, in hundred-millionths: a rate is drawn between these bounds. */
const RATE_BOUNDS: Record<Foreign, [number, number]> = { USD: [3.5e8, 4e8], EUR: [3.8e8, 4.5e8], KWD: [12e8, 12.5e8], JPY: [0.02e8, 0.03e8] };
const DAYS = ['2026-01-01', '2026-01-15', '2026-01-31', '2026-02-01', '2026-02-28', '2026-03-01', '2026-06-30', '2026-12-31', '2027-01-01', '2027-01-20', '2027-02-28', '2027-12-31'];
const day = fc.constantFrom(...DAYS);

/** A rate drawn within a currency's bounds, cut to 2-8 decimals. */
const rateDraw = fc.record({ at: fc.integer({ min: 0, max: 1_000_000 }), decimals: fc.integer({ min: 2, max: 8 }) });
type RateDraw = { at: number; decimals: number };
function rateText(currency: Foreign, draw: RateDraw): string {
  const [lo, hi] = RATE_BOUNDS[currency];
  const hundredMillionths = BigInt(Math.round(lo + ((hi - lo) * draw.at) / 1_000_000));
  const cut = 10n ** BigInt(8 - draw.decimals);
  return decimalText((hundredMillionths / cut) * cut, 8).replace(/\.?0+$/, '');
}

/** Rates by date per currency: 1-3 distinct days each (none before a journal's or a revaluation's date: NoExchangeRate). */
const rateTable = fc.tuple(...FOREIGN.map(() => fc.uniqueArray(fc.record({ day, draw: rateDraw }), { selector: (r) => r.day, minLength: 1, maxLength: 3 })));
const lineShape = fc.record({
  account: fc.nat(),
  side: fc.constantFrom(1 as const, 2 as const),
  currency: fc.constantFrom(BASE, BASE, ...FOREIGN),
  units: fc.integer({ min: 100, max: 5_000_000 }),
  rate: fc.option(rateDraw, { nil: null }),
  namesBase: fc.boolean(),
  /** A foreign line on an asset or liability (a bank, a payable), where revaluations find it. */
  held: fc.boolean(),
});
const operation = fc.oneof(
  // `exact`: a base line balances the base amounts exactly; `rounded`: it balances the unrounded sum, leaving the rounding line to the service.
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('create' as const), lines: fc.array(lineShape, { minLength: 1, maxLength: 4 }), balancing: fc.nat(), mode: fc.constantFrom('exact' as const, 'rounded' as const), day }) },
  { weight: 7, arbitrary: fc.record({ kind: fc.constant('post' as const), target: fc.nat(), day }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void' as const), target: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), target: fc.nat(), day }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('adjust' as const), target: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('revalue' as const), day }) },
  // A foreign balance on an asset or liability (a bank, a payable) at its own rate, posted: what revaluations revalue.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('hold' as const), line: lineShape, currency: fc.constantFrom(...FOREIGN), rate: rateDraw, against: fc.nat(), day }) },
);
const checks = fc.record({ ranges: fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 2, maxLength: 3 }), asOf: fc.nat(), ledgerAccount: fc.nat(), pageSize: fc.integer({ min: 2, max: 7 }), gainLossLeaf: fc.nat(), revaluations: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }) });

/** Decimal text (or a JSON number) to integer units at `decimals` places; more digits than that is a failure. */
function units(text: string | number, decimals: number, exact = false): bigint {
  const s = String(text);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!match) throw new Error(`not a decimal: ${s}`);
  const fraction = match[3] ?? '';
  if (fraction.length > decimals || (exact && fraction.length !== decimals)) throw new Error(`${s} is not at ${decimals} decimals`);
  const value = BigInt(`${match[2]}${fraction.padEnd(decimals, '0')}`);
  return match[1] ? -value : value;
}
/** Integer units at `decimals` places to decimal text. */
function decimalText(value: bigint, decimals: number): string {
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0');
  return `${value < 0n ? '-' : ''}${decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits}`;
}
/** numerator / denominator rounded half away from zero (denominator > 0). */
const roundDiv = (n: bigint, d: bigint) => (n >= 0n ? (2n * n + d) / (2n * d) : -((-2n * n + d) / (2n * d)));
/** A rate's text without trailing zeros, so equal rates compare equal. */
const plainRate = (rate: string) => (rate.includes('.') ? rate.replace(/\.?0+$/, '') : rate);
/** A rate as an integer numerator over 10^decimals. */
const rateParts = (rate: string) => ({ numerator: units(rate, rate.split('.')[1]?.length ?? 0), scale: 10n ** BigInt(rate.split('.')[1]?.length ?? 0) });
/** Base units of `amount` units of a currency at `precision` decimals, at `rate`, base precision `basePrecision`: exact then rounded. */
function baseUnits(amount: bigint, precision: number, rate: string, basePrecision: number): bigint {
  const { numerator, scale } = rateParts(rate);
  return roundDiv(amount * numerator * 10n ** BigInt(basePrecision), scale * 10n ** BigInt(precision));
}

interface PostedLine {
  journalId: string;
  serialNumber: number;
  accountId: string;
  line: number;
  side: 1 | 2;
  currency: string;
  /** In the line's currency's units. */
  amount: bigint;
  exchangeRate: string;
  /** In base units. */
  base: bigint;
  postingDate: string;
  /** On a revaluation's line (or its reversal's): the currency whose base it adjusts. */
  revaluationOf?: string;
}

/** The currency each line of a revaluation journal and of its reversal revalues, by journal id (the last line, on the gain and loss account: none). */
type RevaluationTags = Map<string, Array<string | undefined>>;

/** Every posted line (posted and reversed journals), from the journals list; checks each base amount on the way. */
async function postedLines(api: Client, base: string, basePrecision: number, tags: RevaluationTags = new Map()): Promise<PostedLine[]> {
  const lines: PostedLine[] = [];
  let page: string | null = null;
  do {
    const r: ApiResponse = await api.get(`${base}/Journals?pageSize=100${page ? `&page=${encodeURIComponent(page)}` : ''}`);
    expect(r.status, r.text).toBe(200);
    for (const j of r.body.results) {
      if (j.status !== 'posted' && j.status !== 'reversed') continue;
      j.entries.forEach((e: { accountId: string; side: 1 | 2; amount: number; currency: string; exchangeRate: string; baseAmount: number }, line: number) => {
        const precision = e.currency === BASE ? basePrecision : PRECISION[e.currency as Foreign];
        const amount = units(e.amount, precision);
        const revaluationOf = tags.get(j.id)?.[line];
        const posted = { journalId: j.id, serialNumber: j.serialNumber, accountId: e.accountId, line, side: e.side, currency: e.currency, amount, exchangeRate: e.exchangeRate, base: units(e.baseAmount, basePrecision), postingDate: j.postingDate, ...(revaluationOf ? { revaluationOf } : {}) };
        expect(posted.base, `base amount of ${JSON.stringify(e)}`).toBe(e.currency === BASE ? amount : baseUnits(amount, precision, e.exchangeRate, basePrecision));
        if (e.currency === BASE) expect(e.exchangeRate).toBe('1');
        lines.push(posted);
      });
    }
    page = r.body.nextPage;
  } while (page);
  return lines;
}

const netOf = (lines: PostedLine[], of: (l: PostedLine) => bigint) => lines.reduce((s, l) => (l.side === 1 ? s + of(l) : s - of(l)), 0n);
const grossOf = (lines: PostedLine[], side: 1 | 2, of: (l: PostedLine) => bigint) => lines.filter((l) => l.side === side).reduce((s, l) => s + of(l), 0n);
const onSide = (n: bigint) => (n >= 0n ? [n, 0n] : [0n, -n]);
/** Opening (debit, credit), movement (debit, credit), closing (debit, credit) of lines over a range. */
function sixFigures(lines: PostedLine[], from: string, to: string, of: (l: PostedLine) => bigint): bigint[] {
  const before = lines.filter((l) => l.postingDate < from);
  const moved = lines.filter((l) => l.postingDate >= from && l.postingDate <= to);
  return [...onSide(netOf(before, of)), grossOf(moved, 1, of), grossOf(moved, 2, of), ...onSide(netOf([...before, ...moved], of))];
}
const pairs = (f: bigint[]) => ({ opening: { debit: f[0], credit: f[1] }, movement: { debit: f[2], credit: f[3] }, closing: { debit: f[4], credit: f[5] } });
/** A report's {debit, credit} columns read back to units, requiring exactly `decimals` places. */
const readPairs = (row: Record<string, { debit: string; credit: string }>, decimals: number) =>
  Object.fromEntries(['opening', 'movement', 'closing'].map((c) => [c, { debit: units(row[c]!.debit, decimals, true), credit: units(row[c]!.credit, decimals, true) }]));

/** Every foreign (account, currency) balance of an asset or liability leaf through `day`: foreign units and the base it carries. */
function naiveHoldings(lines: PostedLine[], chart: Account[], day: string) {
  const holdings = new Map<string, { account: Account; currency: Foreign; foreign: bigint; carried: bigint }>();
  for (const l of lines.filter((x) => x.postingDate <= day)) {
    const account = chart.find((a) => a.id === l.accountId)!;
    if (account.classification !== 'asset' && account.classification !== 'liability') continue;
    const currency = (l.currency !== BASE ? l.currency : l.revaluationOf) as Foreign | undefined;
    if (!currency) continue;
    const key = `${account.code} ${currency}`;
    const h = holdings.get(key) ?? { account, currency, foreign: 0n, carried: 0n };
    const sign = l.side === 1 ? 1n : -1n;
    if (l.currency !== BASE) h.foreign += sign * l.amount;
    h.carried += sign * l.base;
    holdings.set(key, h);
  }
  return [...holdings.entries()]
    .filter(([, h]) => h.foreign !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, h]) => h);
}

interface RevaluationContext {
  day: string;
  basePrecision: number;
  chart: Account[];
  gainLossAccountId: string;
  inEffect: (currency: string, on: string) => string | undefined;
  tags: RevaluationTags;
}

/**
 * Revalues at `day` and checks it against the naive books: the refusals it must give (no year for
 * the next day, a holding without a rate), each row (foreign balance, rate, base before and after),
 * the balance sheet at `day` (each revalued account at exactly its foreign balances x rates plus
 * its other base), and the base balances through the next day (unchanged, currency figures too).
 */
async function revalueAndCheck(api: Client, base: string, c: RevaluationContext): Promise<void> {
  const next = addDays(c.day, 1);
  const before = await postedLines(api, base, c.basePrecision, c.tags);
  const holdings = naiveHoldings(before, c.chart, c.day);
  const trialThroughNext = async () => {
    const r = await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=${next}`);
    expect(r.status, r.text).toBe(200);
    const shown = r.body.rows.filter((row: any) => row.closing.debit !== row.closing.credit || row.currencies.length > 0);
    return Object.fromEntries(shown.map((row: any) => [row.path, { closing: row.closing, currencies: row.currencies }]));
  };
  const trialBefore = next <= '2027-12-31' ? await trialThroughNext() : undefined;

  const r = await api.post(`${base}/Revaluations`, { date: c.day });
  if (next > '2027-12-31') {
    expect(r.status, r.text).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ name: 'date', code: 'NoFinancialYear' });
    return;
  }
  if (holdings.some((h) => !c.inEffect(h.currency, c.day))) {
    expect(r.status, r.text).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ name: 'date', code: 'NoExchangeRate' });
    return;
  }
  expect(r.status, r.text).toBe(200);
  const expected = holdings.map((h) => {
    const rate = c.inEffect(h.currency, c.day)!;
    const target = baseUnits(h.foreign, PRECISION[h.currency], rate, c.basePrecision);
    return { account: h.account, currency: h.currency, foreign: h.foreign, rate, carried: h.carried, target };
  });
  expect(
    r.body.accounts.map((a: any) => ({ ...a, rate: plainRate(a.rate) })),
    `revaluation at ${c.day}`,
  ).toEqual(
    expected.map((e) => ({
      accountId: e.account.id,
      currency: e.currency,
      foreignBalance: decimalText(e.foreign, PRECISION[e.currency]),
      rate: plainRate(e.rate),
      baseBefore: decimalText(e.carried, c.basePrecision),
      baseAfter: decimalText(e.target, c.basePrecision),
      difference: decimalText(e.target - e.carried, c.basePrecision),
    })),
  );
  const moved = expected.filter((e) => e.target !== e.carried);
  if (moved.length === 0) {
    expect(r.body).toMatchObject({ journalId: null, reversalId: null });
    return;
  }
  // The journal's lines: one per moved (account, currency), in the answer's order, then the gain and loss line.
  const revaluationLines = [...moved.map((e) => e.currency as string | undefined), undefined];
  c.tags.set(r.body.journalId, revaluationLines);
  c.tags.set(r.body.reversalId, revaluationLines);
  const journal = (await api.get(`${base}/Journals/${r.body.journalId}`)).body;
  expect(journal.entries.map((e: { accountId: string }) => e.accountId)).toEqual([...moved.map((e) => e.account.id), ...(journal.entries.length > moved.length ? [c.gainLossAccountId] : [])]);

  // At the date: each revalued account at exactly its foreign balances x rates, plus the base of its other lines.
  const after = await postedLines(api, base, c.basePrecision, c.tags);
  const sheet = await api.get(`${base}/Reports/BalanceSheet?date=${c.day}`);
  expect(sheet.status, sheet.text).toBe(200);
  for (const account of new Set(expected.map((e) => e.account))) {
    const revalued = expected.filter((e) => e.account === account);
    const currencies = new Set<string>(revalued.map((e) => e.currency));
    const other = netOf(
      after.filter((l) => l.accountId === account.id && l.postingDate <= c.day && !currencies.has(l.currency) && !(l.revaluationOf && currencies.has(l.revaluationOf))),
      (l) => l.base,
    );
    const net = revalued.reduce((s, e) => s + e.target, 0n) + other;
    const row = [...sheet.body.assets, ...sheet.body.liabilities].find((x: { accountId: string }) => x.accountId === account.id);
    // An account whose figures are all zero has no row.
    expect(row ? units(row.amounts[0], c.basePrecision, true) : 0n, `${account.path} at ${c.day}`).toBe(account.classification === 'asset' ? net : -net);
  }
  // From the next day, the revaluation and its reversal cancel: base closings and currency figures as before.
  expect(await trialThroughNext()).toEqual(trialBefore);
}

describe('multi-currency reports against a naive recomputation', () => {
  it('trial balance with currencies, income statement, balance sheet and general ledger equal the posted lines, in minor units', async () => {
    await fc.assert(
      fc.asyncProperty(chartShape, fc.constantFrom(2 as const, 3 as const), rateTable, fc.array(operation, { minLength: 12, maxLength: 28 }), fc.nat(), checks, async (shape, basePrecision, rates, operations, roundingLeaf, check) => {
        const { api, base } = await companyOwner(gateway.url, { baseCurrency: BASE, decimalPrecision: basePrecision });
        const chart = await buildChart(api, base, shape);
        const leaves = chart.filter((a) => a.leaf);
        for (const start of ['2026-01-01', '2027-01-01']) await api.post(`${base}/FinancialYears`, { startDate: start, endDate: `${start.slice(0, 4)}-12-31` });
        const settings = (await api.get(`${base}/Settings`)).body;
        const gainLossAccountId = leaves[check.gainLossLeaf % leaves.length]!.id;
        const set = await api.put(`${base}/Settings`, { baseCurrency: BASE, decimalPrecision: basePrecision, retainedEarningsAccountId: null, fxRoundingAccountId: leaves[roundingLeaf % leaves.length]!.id, unrealizedFxGainLossAccountId: gainLossAccountId, version: settings.version });
        expect(set.status, set.text).toBe(200);

        // The company's rates by date, and the rate in effect on a day: the latest dated on or before it.
        const table = FOREIGN.flatMap((currency, i) => rates[i]!.map((r) => ({ currency, day: r.day, rate: rateText(currency, r.draw) })));
        for (const r of table) {
          const created = await api.post(`${base}/ExchangeRates`, { currency: r.currency, date: r.day, rate: r.rate });
          expect(created.status, created.text).toBe(200);
        }
        const inEffect = (currency: string, on: string) =>
          table
            .filter((r) => r.currency === currency && r.day <= on)
            .sort((a, b) => (a.day < b.day ? -1 : 1))
            .at(-1)?.rate;

        // Apply the operations; a refused transition (wrong state) simply changes nothing.
        const journals: TrackedJournal[] = [];
        const tags: RevaluationTags = new Map();
        for (const op of operations) {
          if (op.kind === 'hold') {
            const held = leaves.filter((a) => a.classification === 'asset' || a.classification === 'liability');
            const rate = rateText(op.currency, op.rate);
            const amount = BigInt(op.line.units);
            const baseAmount = decimalText(baseUnits(amount, PRECISION[op.currency], rate, basePrecision), basePrecision);
            const entries = [
              { accountId: held[op.line.account % held.length]!.id, side: op.line.side, amount: decimalText(amount, PRECISION[op.currency]), currency: op.currency, exchangeRate: rate },
              { accountId: leaves[op.against % leaves.length]!.id, side: op.line.side === 1 ? 2 : 1, amount: baseAmount },
            ];
            const created = await api.post(`${base}/Journals`, { date: `${op.day}T10:00:00Z`, entries });
            expect(created.status, created.text).toBe(200);
            const posted = await api.post(`${base}/Journals/${created.body.id}/Post`, { postingDate: op.day, version: created.body.version });
            expect(posted.status, posted.text).toBe(200);
            journals.push({ id: posted.body.id, version: posted.body.version, status: 'posted', reversal: false });
            continue;
          }
          if (op.kind === 'revalue') {
            await revalueAndCheck(api, base, { day: op.day, basePrecision, chart, gainLossAccountId, inEffect, tags });
            continue;
          }
          if (op.kind === 'create') {
            let missingRate = false;
            // Each line's base amount, and its exact value over a common denominator (10^8 rate x 10^3 amount).
            const EXACT = 10n ** 11n;
            let net = 0n;
            let exactNet = 0n;
            let foreignLines = 0;
            const entries: Array<Record<string, unknown>> = op.lines.map((l) => {
              const held = leaves.filter((a) => a.classification === 'asset' || a.classification === 'liability');
              const accountId = (l.held && l.currency !== BASE ? held : leaves)[l.account % (l.held && l.currency !== BASE ? held : leaves).length]!.id;
              const sign = l.side === 1 ? 1n : -1n;
              if (l.currency === BASE) {
                const amount = BigInt(l.units);
                net += sign * amount;
                exactNet += sign * amount * (EXACT / 10n ** BigInt(basePrecision));
                return { accountId, side: l.side, amount: decimalText(amount, basePrecision), ...(l.namesBase ? { currency: BASE } : {}) };
              }
              const currency = l.currency as Foreign;
              foreignLines++;
              const given = l.rate ? rateText(currency, l.rate) : undefined;
              const rate = given ?? inEffect(currency, op.day);
              const amount = BigInt(l.units);
              if (rate === undefined) missingRate = true;
              else {
                const { numerator, scale } = rateParts(rate);
                net += sign * baseUnits(amount, PRECISION[currency], rate, basePrecision);
                exactNet += (sign * amount * numerator * EXACT) / (scale * 10n ** BigInt(PRECISION[currency]));
              }
              return { accountId, side: l.side, amount: decimalText(amount, PRECISION[currency]), currency, ...(given ? { exchangeRate: given } : {}) };
            });
            // The balancing base line: the base amounts' difference, or (rounded) the exact difference rounded.
            const toBalance = op.mode === 'exact' || foreignLines === 0 ? net : roundDiv(exactNet, EXACT / 10n ** BigInt(basePrecision));
            if (toBalance !== 0n) entries.push({ accountId: leaves[op.balancing % leaves.length]!.id, side: toBalance > 0n ? 2 : 1, amount: decimalText(toBalance > 0n ? toBalance : -toBalance, basePrecision) });
            const r = await api.post(`${base}/Journals`, { date: `${op.day}T10:00:00Z`, entries });
            if (missingRate) {
              expect(r.status, r.text).toBe(400);
              expect(r.body.errors[0].code).toBe('NoExchangeRate');
              continue;
            }
            expect(r.status, r.text).toBe(200);
            // A rounding line exactly when the base amounts alone leave a difference.
            expect(r.body.entries.filter((e: { fxRounding: boolean }) => e.fxRounding).length, r.text).toBe(toBalance === net ? 0 : 1);
            journals.push({ id: r.body.id, version: r.body.version, status: 'draft', reversal: false });
            continue;
          }
          await applyStateChange(api, base, journals, op);
        }
        // Revaluations once the books have grown, besides those among the operations: on a day
        // something was posted, or one of the usual days.
        const postedDays = [...new Set([...(await postedLines(api, base, basePrecision, tags)).map((l) => l.postingDate), ...DAYS])].sort();
        for (const i of check.revaluations) await revalueAndCheck(api, base, { day: postedDays[i % postedDays.length]!, basePrecision, chart, gainLossAccountId, inEffect, tags });

        const lines = await postedLines(api, base, basePrecision, tags);
        const ofAccounts = (accounts: Account[]) => lines.filter((l) => accounts.some((a) => a.id === l.accountId));
        const baseOf = (l: PostedLine) => l.base;
        const days = [...new Set([...lines.map((l) => l.postingDate), ...DAYS])].sort();

        // Trial balance of a few random ranges: base figures per row, and per (row, currency) in that currency.
        for (const ends of check.ranges) {
          const [from, to] = ends.map((i) => days[i % days.length]!).sort() as [string, string];
          const trial = await api.get(`${base}/Reports/TrialBalance?dateFrom=${from}&dateTo=${to}`);
          expect(trial.status, trial.text).toBe(200);
          const expected: Record<string, unknown> = {};
          for (const account of chart) {
            const mine = ofAccounts(under(chart, account));
            const baseFigures = under(chart, account).map((leaf) => sixFigures(ofAccounts([leaf]), from, to, baseOf));
            const currencies = FOREIGN.flatMap((currency) => {
              const leafFigures = under(chart, account).map((leaf) => sixFigures(ofAccounts([leaf]).filter((l) => l.currency === currency), from, to, (l) => l.amount));
              const shown = leafFigures.filter((f) => f.some((x) => x !== 0n));
              return shown.length ? [{ currency, ...pairs(shown.reduce((s, f) => s.map((x, i) => x + f[i]!))) }] : [];
            });
            const shownLeaves = baseFigures.filter((f, i) => f.some((x) => x !== 0n) || FOREIGN.some((c) => sixFigures(ofAccounts([under(chart, account)[i]!]).filter((l) => l.currency === c), from, to, (l) => l.amount).some((x) => x !== 0n)));
            if (mine.length === 0 || shownLeaves.length === 0) continue;
            expected[account.path] = { ...pairs(shownLeaves.reduce((s, f) => s.map((x, i) => x + f[i]!))), currencies: currencies.sort((a, b) => (a.currency < b.currency ? -1 : 1)) };
          }
          const answered = Object.fromEntries(
            trial.body.rows.map((r: any) => [
              r.path,
              { ...readPairs(r, basePrecision), currencies: r.currencies.map((c: any) => ({ currency: c.currency, ...readPairs(c, PRECISION[c.currency as Foreign]) })) },
            ]),
          );
          expect({ from, to, rows: answered }).toEqual({ from, to, rows: expected });
          for (const column of ['opening', 'movement', 'closing']) expect(trial.body.totals[column].debit).toBe(trial.body.totals[column].credit);
        }

        // Income statement of the first range.
        const [from, to] = check.ranges[0]!.map((i) => days[i % days.length]!).sort() as [string, string];
        const between = (accounts: Account[], a: string, b: string) => ofAccounts(accounts).filter((l) => l.postingDate >= a && l.postingDate <= b);
        const through = (accounts: Account[], date: string) => ofAccounts(accounts).filter((l) => l.postingDate <= date);
        const leavesOf = (...classifications: Classification[]) => leaves.filter((a) => classifications.includes(a.classification));
        const statement = await api.get(`${base}/Reports/IncomeStatement?dateFrom=${from}&dateTo=${to}`);
        expect(statement.status, statement.text).toBe(200);
        const revenue = -netOf(between(leavesOf('revenue'), from, to), baseOf);
        const expense = netOf(between(leavesOf('expense'), from, to), baseOf);
        expect(units(statement.body.totals.revenue[0], basePrecision, true)).toBe(revenue);
        expect(units(statement.body.totals.expense[0], basePrecision, true)).toBe(expense);
        expect(units(statement.body.totals.netProfit[0], basePrecision, true)).toBe(revenue - expense);
        for (const row of [...statement.body.revenue, ...statement.body.expense]) {
          const account = chart.find((a) => a.id === row.accountId)!;
          const n = netOf(between(under(chart, account), from, to), baseOf);
          expect(units(row.amounts[0], basePrecision, true), row.path).toBe(account.classification === 'revenue' ? -n : n);
        }

        // Balance sheet as of a random day: each section, the earnings, and assets = liabilities + equity.
        const asOf = days[check.asOf % days.length]!;
        const yearStart = `${asOf.slice(0, 4)}-01-01`;
        const sheet = await api.get(`${base}/Reports/BalanceSheet?date=${asOf}`);
        expect(sheet.status, sheet.text).toBe(200);
        const total = (key: string) => units(sheet.body.totals[key][0], basePrecision, true);
        const assets = netOf(through(leavesOf('asset'), asOf), baseOf);
        const liabilities = -netOf(through(leavesOf('liability'), asOf), baseOf);
        const earlierYears = -netOf(through(leavesOf('revenue', 'expense'), asOf).filter((l) => l.postingDate < yearStart), baseOf);
        const currentYear = -netOf(between(leavesOf('revenue', 'expense'), yearStart, asOf), baseOf);
        const equity = -netOf(through(leavesOf('equity'), asOf), baseOf) + currentYear + earlierYears;
        expect({ assets: total('assets'), liabilities: total('liabilities'), equity: total('equity'), liabilitiesAndEquity: total('liabilitiesAndEquity') }).toEqual({ assets, liabilities, equity, liabilitiesAndEquity: liabilities + equity });
        expect(assets).toBe(liabilities + equity);
        expect(units(sheet.body.currentYearEarnings[0], basePrecision, true)).toBe(currentYear);
        expect(units(sheet.body.earlierYearsEarnings[0], basePrecision, true)).toBe(earlierYears);

        // General ledger of a random account (a category: its subtree) over the first range, in small pages.
        const account = chart[check.ledgerAccount % chart.length]!;
        const accounts = under(chart, account);
        const expectedLines = between(accounts, from, to).sort((a, b) =>
          a.postingDate !== b.postingDate ? (a.postingDate < b.postingDate ? -1 : 1) : a.serialNumber !== b.serialNumber ? a.serialNumber - b.serialNumber : a.accountId !== b.accountId ? (a.accountId < b.accountId ? -1 : 1) : a.line - b.line,
        );
        const opening = netOf(through(accounts, from).filter((l) => l.postingDate < from), baseOf);
        let balance = opening;
        const expectedRows = expectedLines.map((l) => {
          balance += l.side === 1 ? l.base : -l.base;
          return [l.journalId, l.line, l.side, l.currency, l.amount, plainRate(l.exchangeRate), l.base, balance];
        });
        const walked: unknown[][] = [];
        let page: string | null = null;
        let first: any;
        do {
          const r: ApiResponse = await api.get(`${base}/Reports/GeneralLedger?accountId=${account.id}&dateFrom=${from}&dateTo=${to}&pageSize=${check.pageSize}${page ? `&page=${encodeURIComponent(page)}` : ''}`);
          expect(r.status, r.text).toBe(200);
          first ??= r.body;
          walked.push(
            ...r.body.results.map((l: any) => [
              l.journalId,
              l.line,
              l.side,
              l.currency,
              units(l.amount, l.currency === BASE ? basePrecision : PRECISION[l.currency as Foreign], true),
              plainRate(l.exchangeRate),
              units(l.baseAmount, basePrecision, true),
              units(l.balance, basePrecision, true),
            ]),
          );
          page = r.body.nextPage;
        } while (page);
        expect(walked).toEqual(expectedRows);
        expect(units(first.openingBalance, basePrecision, true)).toBe(opening);
        expect(units(first.closingBalance, basePrecision, true)).toBe(netOf(through(accounts, to), baseOf));
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 30_000 + RUNS * 15_000);
});
