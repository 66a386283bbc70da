import { balanceDeltas, currencyDeltas, taxDeltas } from '../journals/posting-figures.ts';
import { toMils } from '../money/mils.ts';
import type { BookChange } from './book-changes.ts';

/**
 * Summaries of the book changes (docs/decisions.md, Audit, "Summaries of the changes"), pure: the
 * changes numbered one after another cut into blocks of about `config.bookSummaryLines` journal
 * lines, each block kept as what its changes did to the balances together, by posting date. A report as
 * known at a moment takes back a block that committed wholly after it in one step, so a far
 * moment costs blocks, not changes.
 */

/** What changes did to one account's balance (cost center null: the account's total), in mils. */
export interface TotalMove {
  accountId: string;
  costCenterId: string | null;
  debit: bigint;
  credit: bigint;
}
/** What changes did to one account's balance in a foreign currency, in its units, and the base of the same lines. */
export interface CurrencyMove {
  accountId: string;
  currency: string;
  debit: bigint;
  credit: bigint;
  base: bigint;
}
/** What changes did to the VAT return's figures of one account in one box (journals/posting-figures.ts taxDeltas), in mils. */
export interface TaxMove {
  accountId: string;
  box: string;
  taxable: bigint;
  tax: bigint;
}
/** Moves by posting date: `totals` by account and cost center, `currencies` by account and currency, `taxes` by account and return box. */
export type Moves = Map<string, { totals: Map<string, TotalMove>; currencies: Map<string, CurrencyMove>; taxes: Map<string, TaxMove> }>;

/** Where a stretch of numbered events sits, and what its changes hold. */
export interface Span {
  /** The first and last event numbers of the stretch (its changes and the events between them). */
  fromSequence: number;
  toSequence: number;
  /** The earliest and latest instant of its changes (null: none yet). */
  minOccurredAt: string | null;
  maxOccurredAt: string | null;
  /** The latest instant of every change numbered before the stretch (null: none, or unknown before the record of summaries began). */
  priorMax: string | null;
  lines: number;
  changes: number;
}

/** The latest instant of every change numbered through the end of the stretch: a reader walking back stops at a block whose value is not after its moment. */
export const maxSoFar = (span: Span) => later(span.priorMax, span.maxOccurredAt);

/** A sealed block: its span, its moves, and the keys of its closing journals' changes (income statements need them one by one). */
export interface Block {
  span: Span;
  moves: Moves;
  closingChanges: Array<{ occurredAt: string; sequence: number; index: number }>;
}

function later(a: string | null, b: string | null) {
  return a === null ? b : b === null || a >= b ? a : b;
}
const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null || a <= b ? a : b);

/** An empty stretch from `fromSequence`, after changes whose latest instant was `priorMax`. */
export const emptySpan = (fromSequence: number, priorMax: string | null): Span => ({ fromSequence, toSequence: fromSequence - 1, minOccurredAt: null, maxOccurredAt: null, priorMax, lines: 0, changes: 0 });

/** The stretch with one more change (numbered after those in it). */
export function extend(span: Span, change: BookChange): Span {
  return {
    ...span,
    toSequence: Math.max(span.toSequence, change.sequence),
    minOccurredAt: earlier(span.minOccurredAt, change.occurredAt),
    maxOccurredAt: later(span.maxOccurredAt, change.occurredAt),
    lines: span.lines + change.lines.length,
    changes: span.changes + 1,
  };
}

type Day = { totals: Map<string, TotalMove>; currencies: Map<string, CurrencyMove>; taxes: Map<string, TaxMove> };

function dayOf(moves: Moves, date: string): Day {
  let day = moves.get(date);
  if (!day) moves.set(date, (day = { totals: new Map(), currencies: new Map(), taxes: new Map() }));
  return day;
}

function addTotal(day: Day, t: Omit<TotalMove, 'debit' | 'credit'>, debit: bigint, credit: bigint): void {
  const key = `${t.accountId}|${t.costCenterId ?? ''}`;
  const m = day.totals.get(key) ?? { accountId: t.accountId, costCenterId: t.costCenterId, debit: 0n, credit: 0n };
  m.debit += debit;
  m.credit += credit;
  day.totals.set(key, m);
}

function addCurrency(day: Day, c: Omit<CurrencyMove, 'debit' | 'credit' | 'base'>, debit: bigint, credit: bigint, base: bigint): void {
  const key = `${c.accountId}|${c.currency}`;
  const m = day.currencies.get(key) ?? { accountId: c.accountId, currency: c.currency, debit: 0n, credit: 0n, base: 0n };
  m.debit += debit;
  m.credit += credit;
  m.base += base;
  day.currencies.set(key, m);
}

function addTax(day: Day, t: Omit<TaxMove, 'taxable' | 'tax'>, taxable: bigint, tax: bigint): void {
  const key = `${t.accountId}|${t.box}`;
  const m = day.taxes.get(key) ?? { accountId: t.accountId, box: t.box, taxable: 0n, tax: 0n };
  m.taxable += taxable;
  m.tax += tax;
  day.taxes.set(key, m);
}

/** Adds what the change did to the balances (the deltas its posting or void wrote, journals/rules.ts); `sign` -1: what undoing it does. */
export function addMoves(moves: Moves, change: BookChange, sign: 1 | -1 = 1): void {
  const day = dayOf(moves, change.postingDate);
  const effect = (change.effect * sign) as 1 | -1;
  for (const d of balanceDeltas(change.lines, effect)) addTotal(day, d, toMils(d.debit), toMils(d.credit));
  for (const c of currencyDeltas(change.lines, effect)) addCurrency(day, c, toMils(c.debit), toMils(c.credit), toMils(c.baseDebit) - toMils(c.baseCredit));
  for (const t of taxDeltas(change.lines, effect)) addTax(day, t, t.figure === 'taxable' ? toMils(t.amount) : 0n, t.figure === 'tax' ? toMils(t.amount) : 0n);
}

/** What the changes did to the balances together (`sign` -1: what undoing them does). */
export function movesOf(changes: readonly BookChange[], sign: 1 | -1 = 1): Moves {
  const moves: Moves = new Map();
  for (const change of changes) addMoves(moves, change, sign);
  return moves;
}

/** Adds `more` into `moves` (`sign` -1: takes it off). */
export function mergeMoves(moves: Moves, more: Moves, sign: 1 | -1 = 1): void {
  const s = BigInt(sign);
  for (const [date, { totals, currencies, taxes }] of more) {
    const day = dayOf(moves, date);
    for (const t of totals.values()) addTotal(day, t, s * t.debit, s * t.credit);
    for (const c of currencies.values()) addCurrency(day, c, s * c.debit, s * c.credit, s * c.base);
    for (const t of taxes.values()) addTax(day, t, s * t.taxable, s * t.tax);
  }
}

/**
 * The blocks sealed when `incoming` changes (numbered after the open stretch, in number order)
 * join the open stretch, and the stretch left open, which ends at `toSequence` (the last event
 * numbered with them). `open.changes` are the open stretch's own changes, oldest first, needed
 * only when something is sealed (then every one of them). A block is sealed once it holds
 * `blockLines` lines, never between two changes of one event, and always with an incoming
 * change in it, so a batch seals at most as many blocks as it has changes.
 */
export function sealBlocks(open: { span: Span; changes: readonly BookChange[] }, incoming: readonly BookChange[], toSequence: number, blockLines: number): { sealed: Block[]; open: Span } {
  const sealed: Block[] = [];
  const all = [...open.changes, ...incoming];
  let span = emptySpan(open.span.fromSequence, open.span.priorMax);
  let taken: BookChange[] = [];
  for (const [i, change] of all.entries()) {
    span = extend(span, change);
    taken.push(change);
    if (span.lines >= blockLines && all[i + 1]?.sequence !== change.sequence && i >= open.changes.length) {
      sealed.push(blockOf(span, taken));
      span = emptySpan(span.toSequence + 1, maxSoFar(span));
      taken = [];
    }
  }
  return { sealed, open: { ...span, toSequence: Math.max(span.toSequence, toSequence) } };
}

/** A block of changes (oldest first): what they did together, and where its closing journals' changes are. */
export function blockOf(span: Span, changes: readonly BookChange[]): Block {
  const closingChanges: Block['closingChanges'] = [];
  for (const [i, change] of changes.entries()) {
    // A change's place among its event's changes: they are consecutive.
    let index = 0;
    while (index < i && changes[i - index - 1]!.sequence === change.sequence) index++;
    if (change.closing) closingChanges.push({ occurredAt: change.occurredAt, sequence: change.sequence, index });
  }
  return { span, moves: movesOf(changes), closingChanges };
}

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
 * How a summary is kept, which its store writes and reads it by (db/stores/book-summary-store.ts),
 * handed in by the summaries' use cases (record-summaries.ts, known-at.ts): its latest instant so
 * far (where a reader walking back stops) and its moves as JSON text.
 */
export interface SummaryForm {
  maxSoFar(span: Span): string | null;
  movesToJson(moves: Moves): string;
  movesFromJson(text: string): Moves;
}

export const SUMMARY_FORM: SummaryForm = { maxSoFar, movesToJson, movesFromJson };
