import type { AccountAttributes } from '../accounts/records.ts';
import { checkLineCurrency } from '../accounts/rules.ts';
import type { Emirate, TaxJurisdiction } from '../companies/tax-registration.ts';
import { ValidationError } from '../errors.ts';
import { parseAmount } from '../money/amount.ts';
import { currencyPrecision } from '../money/currencies.ts';
import { toBaseAmount } from '../money/exchange.ts';
import { absMils, fromMils, MIL_DIGITS, toMils } from '../money/mils.ts';
import { taxOn, taxWithin } from '../money/tax.ts';
import type { LineTax, TaxCodeRecord } from '../tax-codes/records.ts';
import { boxFor } from '../tax-codes/return-layouts.ts';
import { isTaxed, rateOn } from '../tax-codes/rules.ts';
import type { NodeRecord } from '../tree/records.ts';
import { CREDIT, DEBIT, MAX_LINES, type Line } from './rules.ts';

/**
 * Taxed lines (pure; loaded only by journals that name a tax code, with big.js): each line
 * naming a tax code gets its tax at the rate in effect on the journal's date, rounded per line
 * half away from zero in the line's currency, and the lines that post it on the code's accounts
 * in the same journal, in the line's currency and in base. docs/decisions.md, "Taxed lines".
 */

/** What a sent line says about its tax. */
export interface TaxedEntry {
  taxCode?: string | undefined;
  taxAmount?: string | undefined;
  emirate?: Emirate | undefined;
}

export interface TaxContext {
  /** The journal's calendar date: the rate in effect on it applies. */
  date: string;
  /** The journal's choice: its lines' amounts include their tax (a reverse charge's never does: its supplier charged none). */
  amountsIncludeTax: boolean;
  baseCurrency: string;
  basePrecision: number;
  jurisdiction: TaxJurisdiction | null;
  defaultEmirate: Emirate | null;
  /** The company's codes the lines name, by code. */
  codes: ReadonlyMap<string, TaxCodeRecord>;
  /** The accounts those codes post to, by id (absent: no longer an account of the company). */
  accounts: ReadonlyMap<string, NodeRecord<AccountAttributes>>;
}

/**
 * The lines with their tax: each taxed line's amount without its tax and its `tax`, followed by
 * the tax lines (`taxOf` its index; a reverse charge's two, recoverable on its side and due
 * opposite). Errors: ValidationError naming the line's `taxCode` (UnknownTaxCode,
 * InactiveTaxCode, NoTaxRate, TaxAccount, AccountCurrency), `taxAmount` (TaxAmountOff), `emirate`,
 * `amount`, or `entries` (TooManyLines).
 */
export function taxedLines(entries: readonly TaxedEntry[], lines: readonly Line[], context: TaxContext): Line[] {
  const taxLines: Line[] = [];
  const taxed = lines.map((line, i) => {
    const entry = entries[i]!;
    const field = (name: string) => `entries[${i}].${name}`;
    if (entry.taxCode === undefined) {
      if (entry.taxAmount !== undefined) throw ValidationError.field(field('taxAmount'), 'needs the line’s taxCode');
      if (entry.emirate !== undefined) throw ValidationError.field(field('emirate'), 'needs the line’s taxCode');
      return line;
    }
    const { withTax, produced } = lineTax(line, i, entry as TaxedEntry & { taxCode: string }, context);
    taxLines.push(...produced);
    return withTax;
  });
  const all = [...taxed, ...taxLines];
  if (all.length > MAX_LINES) throw ValidationError.field('entries', `with the ${taxLines.length} tax lines its tax codes produce, the journal would hold ${all.length} lines; at most ${MAX_LINES}`, 'TooManyLines');
  return all;
}

function lineTax(line: Line, index: number, entry: TaxedEntry & { taxCode: string }, context: TaxContext): { withTax: Line; produced: Line[] } {
  const field = (name: string) => `entries[${index}].${name}`;
  const code = context.codes.get(entry.taxCode);
  if (!code) throw ValidationError.field(field('taxCode'), 'is not a tax code of the company (GET .../TaxCodes lists them)', 'UnknownTaxCode');
  if (!code.active) throw ValidationError.field(field('taxCode'), `is inactive; activate it (PUT .../TaxCodes/${code.taxCodeId}) or name another`, 'InactiveTaxCode');
  const rate = rateOn(code.rates, context.date);
  if (!rate) throw ValidationError.field(field('taxCode'), `has no rate on ${context.date}; its first applies from ${code.rates[0]!.effectiveFrom}`, 'NoTaxRate');

  const currency = line.currency ?? context.baseCurrency;
  const precision = currencyPrecision({ baseCurrency: context.baseCurrency, decimalPrecision: context.basePrecision }, currency);
  const sent = line.foreign?.amount ?? line.amount;
  const taxed = isTaxed(code.kind);
  const included = context.amountsIncludeTax && taxed && code.kind !== 'reverseCharge';
  const computed = !taxed ? fromMils(0n, precision) : included ? taxWithin(sent, rate.percent, precision) : taxOn(sent, rate.percent, precision);
  const taxAmount = entry.taxAmount === undefined ? computed : sentTax(entry.taxAmount, computed, precision, taxed, field('taxAmount'), `${rate.percent}% of ${sent}${included ? ' with its tax' : ''}`);
  const net = included ? fromMils(toMils(sent) - toMils(taxAmount), precision) : sent;
  if (toMils(net) <= 0n) throw ValidationError.field(field('taxAmount'), `leaves nothing of the line’s ${sent} without its tax`);

  const toBase = (amount: string) => (line.foreign ? toBaseAmount(amount, line.foreign.exchangeRate, context.basePrecision) : amount);
  const inCurrency = (amount: string) => (line.foreign ? { foreign: { amount, exchangeRate: line.foreign.exchangeRate } } : {});
  const netBase = toBase(net);
  if (toMils(netBase) <= 0n) throw ValidationError.field(field('amount'), `converts to zero in ${context.baseCurrency} without its tax`);

  const emirate = lineEmirate(entry, code, context, field('emirate'));
  const boxes = (ids: readonly string[]) => (context.jurisdiction ? ids.map((id) => boxFor(context.jurisdiction!, id, emirate)) : []);
  const tax: LineTax = {
    taxCodeId: code.taxCodeId,
    code: code.code,
    kind: code.kind,
    direction: code.direction,
    percent: rate.percent,
    taxAmount,
    baseBoxes: boxes(code.baseBoxes),
    taxBoxes: boxes(code.taxBoxes),
    ...(emirate ? { emirate } : {}),
    ...(entry.taxAmount !== undefined ? { taxAmountSent: true as const } : {}),
  };
  const withTax: Line = { ...line, amount: netBase, ...inCurrency(net), tax };
  if (toMils(taxAmount) === 0n) return { withTax, produced: [] };

  const taxBase = toBase(taxAmount);
  if (toMils(taxBase) <= 0n) throw ValidationError.field(field('taxAmount'), `converts to zero in ${context.baseCurrency}: the tax line cannot post it`);
  const taxLine = (accountId: string, side: Line['side']): Line => {
    const account = context.accounts.get(accountId);
    if (account?.attributes.accountType !== 'leaf') {
      throw ValidationError.field(field('taxCode'), `posts its tax to account ${accountId}, which is no longer a leaf account of the company; name another in the code (PUT .../TaxCodes/${code.taxCodeId})`, 'TaxAccount');
    }
    checkLineCurrency(account.attributes, currency, field('taxCode'), `the tax line of ${code.code}`);
    return { accountId, costCenterId: null, side, amount: taxBase, currency, ...inCurrency(taxAmount), taxOf: index, ...(line.counterpartyId ? { counterpartyId: line.counterpartyId } : {}) };
  };
  const produced = [taxLine(code.taxAccountId!, line.side)];
  // The buyer owes the tax it recovers: due on the other side, so the journal still balances.
  if (code.kind === 'reverseCharge') produced.push(taxLine(code.reverseChargeAccountId!, line.side === DEBIT ? CREDIT : DEBIT));
  return { withTax, produced };
}

/**
 * The tax the client sent, at the line currency's precision: within one minor unit of what the
 * service computes (its invoice may have rounded otherwise), and 0 for a code without tax.
 * Errors: ValidationError naming `taxAmount` (TaxAmountOff).
 */
function sentTax(text: string, computed: string, precision: number, taxed: boolean, field: string, of: string): string {
  const zero = /^0+(\.0+)?$/.test(text);
  const parsed = zero ? { amount: fromMils(0n, precision) } : parseAmount(text, precision);
  if ('problem' in parsed) throw ValidationError.field(field, `must be a decimal number of at most ${precision} decimals, 0 or more`);
  if (!taxed && !zero) throw ValidationError.field(field, 'must be 0: the line’s tax code carries no tax', 'TaxAmountOff');
  const minorUnit = 10n ** BigInt(MIL_DIGITS - precision);
  if (absMils(toMils(parsed.amount) - toMils(computed)) > minorUnit) {
    throw ValidationError.field(field, `is more than one minor unit from ${computed}, the tax of ${of}`, 'TaxAmountOff');
  }
  return parsed.amount;
}

/** The Emirate a UAE line's supply counts in: the line's, else the company's default. Errors: ValidationError naming `emirate`. */
function lineEmirate(entry: TaxedEntry, code: TaxCodeRecord, context: TaxContext, field: string): Emirate | null {
  if (entry.emirate !== undefined && context.jurisdiction !== 'AE') throw ValidationError.field(field, 'applies to a company registered in the UAE only (settings taxJurisdiction AE)');
  if (context.jurisdiction !== 'AE') return null;
  const emirate = entry.emirate ?? context.defaultEmirate;
  try {
    [...code.baseBoxes, ...code.taxBoxes].forEach((box) => boxFor('AE', box, emirate));
  } catch (error) {
    if (error instanceof ValidationError) throw ValidationError.field(field, `is needed: ${code.code} counts in box 1 of the UAE return, split by Emirate; give the line’s emirate or set the company’s defaultEmirate`);
    throw error;
  }
  return emirate;
}
