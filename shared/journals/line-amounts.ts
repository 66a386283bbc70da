import { ValidationError } from '../errors.ts';
import { parseAmount, type AmountProblem } from '../money/amount.ts';
import { currencyPrecision } from '../money/currencies.ts';
import { MIL_DIGITS } from '../money/mils.ts';
import type { Line } from './rules.ts';
import type { EntryLineInput } from './schemas.ts';

/** What converting a journal's lines needs: the company's currency, and its rates. */
export interface LineMoney {
  baseCurrency: string;
  basePrecision: number;
  /** The journal's calendar date: a line without a rate takes the one in effect on it. */
  date: string;
  /** The company's rate in effect on a date (the latest dated on or before it), if any. */
  rateOn: (currency: string, date: string) => Promise<string | undefined>;
}

export type LineAmount = Pick<Line, 'amount' | 'currency' | 'foreign'>;

const AMOUNT_REASONS: Record<AmountProblem, (precision: number, currency: string) => string> = {
  format: () => 'must be a plain decimal number such as 1250.50',
  positive: () => 'must be greater than zero',
  precision: (p, c) => `has more than ${p} decimal places, the precision of ${c}`,
  size: () => 'has more than 15 significant digits',
};

/**
 * Each line's amount in the base currency, and for a line in another currency that currency,
 * its amount in it and the rate (given, or the company's rate in effect on the journal's date).
 * The base currency's precision is the company's; another currency's is its ISO 4217 minor
 * unit. The line's schema has checked the code and the rate's form. Errors: ValidationError naming
 * the line's `currency`, `amount` or `exchangeRate`.
 */
export async function lineAmounts(entries: readonly EntryLineInput[], money: LineMoney): Promise<LineAmount[]> {
  const rates = new Map<string, Promise<string | undefined>>();
  const rateInEffect = (currency: string) => {
    if (!rates.has(currency)) rates.set(currency, money.rateOn(currency, money.date));
    return rates.get(currency)!;
  };
  const amounts: LineAmount[] = [];
  for (const [i, entry] of entries.entries()) {
    const field = (name: string) => `entries[${i}].${name}`;
    const currency = entry.currency ?? money.baseCurrency;
    const base = currency === money.baseCurrency;
    const precision = currencyPrecision({ baseCurrency: money.baseCurrency, decimalPrecision: money.basePrecision }, currency);
    if (precision > MIL_DIGITS) throw ValidationError.field(field('currency'), `has ${precision} decimal places; currencies of at most ${MIL_DIGITS} are supported`, 'UnsupportedCurrency');
    const parsed = parseAmount(entry.amount, precision);
    if ('problem' in parsed) throw ValidationError.field(field('amount'), AMOUNT_REASONS[parsed.problem](precision, currency));
    if (base) {
      if (entry.exchangeRate !== undefined && entry.exchangeRate !== '1') throw ValidationError.field(field('exchangeRate'), `must be 1 (or left out) for a line in the base currency ${currency}`);
      amounts.push({ amount: parsed.amount, currency });
      continue;
    }
    const exchangeRate = entry.exchangeRate ?? (await rateInEffect(currency));
    if (exchangeRate === undefined) throw ValidationError.field(field('exchangeRate'), `is needed: the company has no ${currency} rate on or before ${money.date}; give the line's exchangeRate, or add a rate (POST .../ExchangeRates)`, 'NoExchangeRate');
    // The decimal arithmetic (big.js, 7 KB) loads with the first foreign-currency line, not with every journal's handler.
    const { toBaseAmount } = await import('../money/exchange.ts');
    const converted = parseAmount(toBaseAmount(parsed.amount, exchangeRate, money.basePrecision), money.basePrecision);
    if ('problem' in converted) throw ValidationError.field(field('amount'), `converts to ${converted.problem === 'positive' ? 'zero' : 'too large an amount'} in ${money.baseCurrency} at ${exchangeRate}`);
    amounts.push({ amount: converted.amount, currency, foreign: { amount: parsed.amount, exchangeRate } });
  }
  return amounts;
}

