import type { Moves, Span } from '../../audit/book-summaries.ts';

/**
 * How a summary item keeps its stretch (book-summary-store.ts): the moves of a sealed block as
 * JSON text (gzipped by the store), and the latest instant its walk back stops on. The moves come
 * back keyed as the domain gathers them (audit/book-summaries.ts): `account|cost center`,
 * `account|currency`, `account|box`.
 */

/** Moves as JSON text: by date, `[accountId, costCenterId, debit, credit]` and `[accountId, currency, debit, credit, base]`, mils as decimal text. */
export function movesToJson(moves: Moves): string {
  return JSON.stringify(
    [...moves].map(([date, day]) => [
      date,
      [...day.totals.values()].map((t) => [t.accountId, t.costCenterId, String(t.debit), String(t.credit)]),
      [...day.currencies.values()].map((c) => [c.accountId, c.currency, String(c.debit), String(c.credit), String(c.base)]),
      [...day.taxes.values()].map((t) => [t.accountId, t.box, String(t.taxable), String(t.tax)]),
    ]),
  );
}

export function movesFromJson(text: string): Moves {
  const moves: Moves = new Map();
  // Blocks sealed before the VAT return's figures were kept have no fourth list: their changes carried no tax.
  for (const [date, totals, currencies, taxes = []] of JSON.parse(text) as Array<[string, Array<[string, string | null, string, string]>, Array<[string, string, string, string, string]>, Array<[string, string, string, string]>?]>) {
    moves.set(date, {
      totals: new Map(totals.map(([accountId, costCenterId, debit, credit]) => [`${accountId}|${costCenterId ?? ''}`, { accountId, costCenterId, debit: BigInt(debit), credit: BigInt(credit) }])),
      currencies: new Map(currencies.map(([accountId, currency, debit, credit, base]) => [`${accountId}|${currency}`, { accountId, currency, debit: BigInt(debit), credit: BigInt(credit), base: BigInt(base) }])),
      taxes: new Map(taxes.map(([accountId, box, taxable, tax]) => [`${accountId}|${box}`, { accountId, box, taxable: BigInt(taxable), tax: BigInt(tax) }])),
    });
  }
  return moves;
}

/**
 * The latest instant of every change numbered through the end of the stretch, stored on its item
 * (`maxSoFar`) and read back by the walk: the domain's maxSoFar (audit/book-summaries.ts), which
 * test/db/audit/book-summary-moves.test.ts checks it agrees with; here so that the store imports none of the summaries' rules.
 */
export const latestSoFar = (span: Span): string | null => (span.priorMax === null ? span.maxOccurredAt : span.maxOccurredAt === null || span.priorMax >= span.maxOccurredAt ? span.priorMax : span.maxOccurredAt);
