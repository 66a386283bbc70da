import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway, type ApiResponse } from '../../support/api.ts';
import { companyBooks, credit, debit, postedJournal, wideChart } from '../../support/ledger.ts';
import { inCurrency, ledger, money, trial } from '../../support/currency-reports.ts';

/**
 * Reports of books with foreign-currency lines: every figure stays in the base currency (SAR);
 * the general ledger shows each line's currency, amount in it, rate and base amount, and trial
 * balance rows carry their foreign currencies' opening, movement and closing in each currency.
 * See also test/db/reports/foreign-currency-items.test.ts: items from before currencies, and rebuilt currency figures.
 */
const gateway = useGateway();

const books = () => companyBooks(gateway.url);

describe('general ledger of foreign-currency lines', () => {
  it('shows each line’s currency, amount in it, rate and base amount, with the running balance in base', async () => {
    const { api, base, chart } = await books();

    // 100 USD at 3.75 = 375.00; 10.005 KWD at 12.25 = 122.56125 -> 122.56; the sale in SAR.
    await postedJournal(api, base, '2026-01-15', [inCurrency(debit(chart.bank.id, '100'), 'USD', '3.75'), inCurrency(debit(chart.cash.id, '10.005'), 'KWD', '12.25'), credit(chart.sales.id, '497.56')]);
    await postedJournal(api, base, '2026-02-01', [debit(chart.rent.id, '75.00'), inCurrency(credit(chart.bank.id, '20'), 'USD', '3.75')]);

    const bank = await ledger(api, base, chart.bank.id);
    expect(bank.results.map(money)).toEqual([
      ['USD', '100.00', '3.75', '375.00', '375.00'],
      ['USD', '20.00', '3.75', '75.00', '300.00'],
    ]);
    expect(bank).toMatchObject({ currency: 'SAR', openingBalance: '0.00', closingBalance: '300.00' });
    expect((await ledger(api, base, chart.cash.id)).results.map(money)).toEqual([['KWD', '10.005', '12.25', '122.56', '122.56']]);
    expect((await ledger(api, base, chart.sales.id)).results.map(money)).toEqual([['SAR', '497.56', '1', '497.56', '-497.56']]);
    // A category's ledger: its leaves' lines in ledger order (posting date, serial, then account id), each in its own currency.
    const sameJournal = chart.bank.id < chart.cash.id ? ['USD', 'KWD'] : ['KWD', 'USD'];
    expect((await ledger(api, base, chart.assets.id)).results.map((l: { currency: string }) => l.currency)).toEqual([...sameJournal, 'USD']);
  });

  it('runs the balance of an account in its own currency beside the base one, across pages and from the range’s opening', async () => {
    const { api, base, chart } = await books();
    const usdBank = (await api.post(`${base}/Accounts`, { code: '1103', name: { english: 'USD bank', arabic: 'USD bank' }, type: 'leaf', parentId: chart.assets.id, currency: 'USD' })).body;
    const settings = (await api.get(`${base}/Settings`)).body;
    expect((await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 2, retainedEarningsAccountId: null, unrealizedFxGainLossAccountId: chart.rent.id, version: settings.version })).status).toBe(200);
    await postedJournal(api, base, '2026-01-15', [inCurrency(debit(usdBank.id, '100'), 'USD', '3.75'), credit(chart.sales.id, '375.00')]);
    expect((await api.post(`${base}/ExchangeRates`, { currency: 'USD', date: '2026-01-31', rate: '3.80' })).status).toBe(200);
    // The revaluation's base line moves the base balance only.
    expect((await api.post(`${base}/Revaluations`, { date: '2026-01-31' })).status).toBe(200);
    await postedJournal(api, base, '2026-02-10', [debit(chart.rent.id, '75.49'), inCurrency(credit(usdBank.id, '20.13'), 'USD', '3.75')]);

    const running = (l: { currency: string; amount: string; balance: string; accountCurrencyBalance: string | null }) => [l.currency, l.amount, l.balance, l.accountCurrencyBalance];
    const whole = await ledger(api, base, usdBank.id);
    expect(whole.results.map(running)).toEqual([
      ['USD', '100.00', '375.00', '100.00'],
      ['SAR', '5.00', '380.00', '100.00'],
      ['SAR', '5.00', '375.00', '100.00'],
      ['USD', '20.13', '299.51', '79.87'],
    ]);
    expect(whole).toMatchObject({ openingBalance: '0.00', closingBalance: '299.51', accountCurrency: { currency: 'USD', openingBalance: '0.00', closingBalance: '79.87' } });

    // Page by page, the cursor carries both balances.
    const pages: unknown[] = [];
    let page: string | null = null;
    do {
      const r: ApiResponse = await api.get(`${base}/Reports/GeneralLedger?accountId=${usdBank.id}&dateFrom=2026-01-01&dateTo=2026-12-31&pageSize=1${page ? `&page=${encodeURIComponent(page)}` : ''}`);
      expect(r.status, r.text).toBe(200);
      pages.push(...r.body.results.map(running));
      page = r.body.nextPage;
    } while (page);
    expect(pages).toEqual(whole.results.map(running));

    // From February: the opening in USD comes from the currency balances.
    const february = await ledger(api, base, usdBank.id, 'dateFrom=2026-02-01&dateTo=2026-02-28');
    expect(february.accountCurrency).toEqual({ currency: 'USD', openingBalance: '100.00', closingBalance: '79.87' });
    expect(february.results.map(running)).toEqual([
      ['SAR', '5.00', '375.00', '100.00'],
      ['USD', '20.13', '299.51', '79.87'],
    ]);

    // Accounts without a foreign currency of their own, and any account within a cost center, run base only.
    const sales = await ledger(api, base, chart.sales.id);
    expect(sales.accountCurrency).toBeNull();
    expect(sales.results.map((l: { accountCurrencyBalance: string | null }) => l.accountCurrencyBalance)).toEqual([null]);
    expect((await ledger(api, base, usdBank.id, `dateFrom=2026-01-01&dateTo=2026-12-31&costCenterId=${chart.hq.id}`)).accountCurrency).toBeNull();
  });
});

/** A posted line as the test keeps it: its account, currency, side and amount in that currency (mils), and base amount (mils). */
interface Kept {
  postingDate: string;
  accountId: string;
  currency: string;
  side: number;
  amount: bigint;
  baseAmount: bigint;
}

/** Decimal text to integer thousandths, exactly. */
const mils = (text: string | number) => {
  const [whole, fraction = ''] = String(text).split('.');
  return BigInt(`${whole}${fraction.padEnd(3, '0')}`);
};
/** Thousandths to decimal text with `decimals` places (the amounts here have no finer digit). */
const text = (m: bigint, decimals: number) => {
  const sign = m < 0n ? '-' : '';
  const digits = (m < 0n ? -m : m).toString().padStart(4, '0');
  const units = `${digits.slice(0, -3)}${decimals ? `.${digits.slice(-3, -3 + decimals || undefined)}` : ''}`;
  return `${sign}${units}`;
};
const PRECISION: Record<string, number> = { SAR: 2, USD: 2, KWD: 3 };

/** Opening, movement and closing of lines (of one currency) over a range, as a report row shows them. */
function figures(lines: Kept[], from: string, to: string, amountOf: (l: Kept) => bigint, decimals: number) {
  const sum = (keep: (l: Kept) => boolean, side: number) => lines.filter((l) => keep(l) && l.side === side).reduce((s, l) => s + amountOf(l), 0n);
  const before = (l: Kept) => l.postingDate < from;
  const through = (l: Kept) => l.postingDate <= to;
  const onSide = (net: bigint) => ({ debit: text(net > 0n ? net : 0n, decimals), credit: text(net < 0n ? -net : 0n, decimals) });
  return {
    opening: onSide(sum(before, 1) - sum(before, 2)),
    movement: { debit: text(sum(through, 1) - sum(before, 1), decimals), credit: text(sum(through, 2) - sum(before, 2), decimals) },
    closing: onSide(sum(through, 1) - sum(through, 2)),
  };
}

/** The test's books: what it posted, taken back when voided or adjusted. */
class Model {
  lines: Kept[] = [];
  constructor(private readonly baseCurrency: string) {}
  add(postingDate: string, entries: Array<Record<string, unknown>>, journalId: string, sign: 1 | -1 = 1) {
    const kept = entries.map((e) => {
      const currency = (e.currency as string | undefined) ?? this.baseCurrency;
      const rate = (e.exchangeRate as string | undefined) ?? '1';
      // Base amount: amount x rate rounded half away from zero to cents (the amounts here are positive).
      const [rw, rf = ''] = rate.split('.');
      const exact = mils(e.amount as string) * BigInt(`${rw}${rf}`); // thousandths x 10^rf.length
      const scale = 10n ** BigInt(rf.length);
      const cents = (exact / scale + 5n) / 10n; // thousandths -> cents, half up
      return { journalId, postingDate, accountId: e.accountId as string, currency, side: e.side as number, amount: mils(e.amount as string), baseAmount: cents * 10n };
    });
    if (sign === 1) this.lines.push(...kept);
    else this.lines = this.lines.filter((l) => (l as Kept & { journalId: string }).journalId !== journalId);
  }
  /** The expected `currencies` of a row over the accounts given. */
  currencies(accountIds: string[], from: string, to: string) {
    const mine = this.lines.filter((l) => accountIds.includes(l.accountId) && l.currency !== this.baseCurrency);
    return [...new Set(mine.map((l) => l.currency))].sort().map((currency) => ({ currency, ...figures(mine.filter((l) => l.currency === currency), from, to, (l) => l.amount, PRECISION[currency]!) }));
  }
  base(accountIds: string[], from: string, to: string) {
    return figures(
      this.lines.filter((l) => accountIds.includes(l.accountId)),
      from,
      to,
      (l) => l.baseAmount,
      2,
    );
  }
}

const swap = (entries: Array<Record<string, unknown>>) => entries.map((e) => ({ ...e, side: e.side === 1 ? 2 : 1 }));

describe('trial balance in foreign currencies', () => {
  it('gives each account’s opening, movement and closing per currency through post, void, reverse and adjust, base figures unchanged', async () => {
    const { api, base, chart } = await books();
    const model = new Model('SAR');
    const post = async (day: string, entries: Array<Record<string, unknown>>) => {
      const journal = await postedJournal(api, base, day, entries);
      model.add(day, entries, journal.id);
      return journal;
    };

    await post('2026-01-15', [inCurrency(debit(chart.bank.id, '100'), 'USD', '3.75'), inCurrency(debit(chart.cash.id, '10.005'), 'KWD', '12.25'), credit(chart.sales.id, '497.56')]);
    const voided = await post('2026-02-10', [debit(chart.rent.id, '75.00'), inCurrency(credit(chart.bank.id, '20'), 'USD', '3.75')]);
    const reversedEntries = [inCurrency(debit(chart.bank.id, '50'), 'USD', '3.8'), inCurrency(credit(chart.cash.id, '5.5'), 'KWD', '12.25'), credit(chart.sales.id, '122.62')];
    const reversed = await post('2026-03-05', reversedEntries);
    const adjustedEntries = [inCurrency(debit(chart.cash.id, '2.25'), 'KWD', '12.3'), inCurrency(credit(chart.bank.id, '7.38'), 'USD', '3.75')];
    const adjusted = await post('2026-04-10', adjustedEntries);
    await post('2026-05-01', [debit(chart.cash.id, '10'), credit(chart.sales.id, '10')]);
    await post('2026-02-20', [inCurrency(debit(chart.rent.id, '30'), 'USD', '3.75'), inCurrency(credit(chart.bank.id, '30'), 'USD', '3.75')]);

    expect((await api.post(`${base}/Journals/${voided.id}/Void`, { version: voided.version })).status).toBe(200);
    model.add('', [], voided.id, -1);
    const reversal = await api.post(`${base}/Journals/${reversed.id}/Reverse`, { postingDate: '2026-03-20', version: reversed.version });
    expect(reversal.status, reversal.text).toBe(200);
    model.add('2026-03-20', swap(reversedEntries), reversal.body.id);
    expect((await api.post(`${base}/Journals/${adjusted.id}/Adjust`, { version: adjusted.version })).status).toBe(200);
    model.add('', [], adjusted.id, -1);
    const reposted = await api.post(`${base}/Journals/${adjusted.id}/Post`, { postingDate: '2026-04-12', version: adjusted.version + 1 });
    expect(reposted.status, reposted.text).toBe(200);
    model.add('2026-04-12', adjustedEntries, adjusted.id);

    const accounts = { bank: [chart.bank.id], cash: [chart.cash.id], sales: [chart.sales.id], rent: [chart.rent.id], assets: [chart.cash.id, chart.bank.id] };
    // Ranges whose ends split periods from either end, and the year.
    for (const [from, to] of [
      ['2026-01-01', '2026-12-31'],
      ['2026-01-20', '2026-03-10'],
      ['2026-03-06', '2026-04-28'],
      ['2026-02-15', '2026-02-25'],
    ] as const) {
      const tb = await trial(api, base, from, to);
      const row = (id: string) => tb.rows.find((r: { accountId: string }) => r.accountId === id);
      for (const [name, ids] of Object.entries(accounts)) {
        const id = name === 'assets' ? chart.assets.id : ids[0]!;
        expect({ name, from, to, currencies: row(id)?.currencies }).toEqual({ name, from, to, currencies: model.currencies(ids, from, to) });
        const { opening, movement, closing } = row(id);
        expect({ name, from, to, opening, movement, closing }).toEqual({ name, from, to, ...model.base(ids, from, to) });
      }
    }
    // Sanity of the model against hand figures: USD on the bank over the year is 100 + 50 - 50 + 30... as posted.
    expect((await trial(api, base, '2026-01-01', '2026-12-31')).rows.find((r: { accountId: string }) => r.accountId === chart.bank.id).currencies).toEqual([
      { currency: 'USD', opening: { debit: '0.00', credit: '0.00' }, movement: { debit: '150.00', credit: '87.38' }, closing: { debit: '62.62', credit: '0.00' } },
    ]);
    // Within a cost center the currency figures are not kept: null.
    expect((await trial(api, base, '2026-01-01', '2026-12-31', `&costCenterId=${chart.hq.id}`)).rows.every((r: { currencies: unknown }) => r.currencies === null)).toBe(true);
  });

  it('answers a journal without currency fields exactly as before, with no currencies', async () => {
    const { api, base, chart } = await books();
    await postedJournal(api, base, '2026-01-15', [debit(chart.cash.id, '1000.10', chart.hq.id), credit(chart.sales.id, '1000.10', chart.hq.id)]);

    const tb = await trial(api, base, '2026-01-01', '2026-12-31');

    expect(tb.rows.map((r: { code: string; movement: unknown; currencies: unknown }) => [r.code, r.movement, r.currencies])).toEqual([
      ['1', { debit: '1000.10', credit: '0.00' }, []],
      ['1101', { debit: '1000.10', credit: '0.00' }, []],
      ['4', { debit: '0.00', credit: '1000.10' }, []],
      ['4101', { debit: '0.00', credit: '1000.10' }, []],
    ]);
  });

  it('keeps currency balances right through a posting wide enough to run as a job, and its void', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const wide = await wideChart(api, base, { leaves: 29, centers: 2 });
    const [a, b] = wide.centers.map((c: { id: string }) => c.id);
    // Per leaf i: (i+1) USD at 3.75 in one cost center, (i+1) KWD at 12.25 in the other; the bank credited 16 x (i+1) SAR each.
    const entries: Array<Record<string, unknown>> = wide.leaves.flatMap((leaf: { id: string }, i: number) => [inCurrency(debit(leaf.id, String(i + 1), a), 'USD', '3.75'), inCurrency(debit(leaf.id, String(i + 1), b), 'KWD', '12.25')]);
    entries.push(credit(wide.bank.id, '6960.00'));
    const draft = await api.post(`${base}/Journals`, { date: '2026-03-10T00:00:00Z', entries });
    expect(draft.status, draft.text).toBe(200);

    const posted = await api.post(`${base}/Journals/${draft.body.id}/Post`, { postingDate: '2026-03-10', version: 1 });
    expect(posted.status, posted.text).toBe(200);
    const tb = await trial(api, base, '2026-03-01', '2026-03-31');
    const currenciesOf = (code: string) => tb.rows.find((r: { code: string }) => r.code === code).currencies;
    const debits = (usd: string, kwd: string) => [
      { currency: 'KWD', opening: { debit: '0.000', credit: '0.000' }, movement: { debit: kwd, credit: '0.000' }, closing: { debit: kwd, credit: '0.000' } },
      { currency: 'USD', opening: { debit: '0.00', credit: '0.00' }, movement: { debit: usd, credit: '0.00' }, closing: { debit: usd, credit: '0.00' } },
    ];
    expect(currenciesOf('5000')).toEqual(debits('1.00', '1.000'));
    expect(currenciesOf('5028')).toEqual(debits('29.00', '29.000'));
    expect(currenciesOf('5')).toEqual(debits('435.00', '435.000'));
    expect(currenciesOf('11')).toEqual([]);

    const voided = await api.post(`${base}/Journals/${draft.body.id}/Void`, { version: 2 });
    expect(voided.status, voided.text).toBe(200);
    expect((await trial(api, base, '2026-03-01', '2026-03-31')).rows).toEqual([]);
  });
});
