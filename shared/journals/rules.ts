import { StateConflict, ValidationError } from '../errors.ts';
import { equalAmounts, sumAmounts } from '../money/amount.ts';
import { absMils, fromMils, MIL_DIGITS, toMils } from '../money/mils.ts';
import type { LineTax } from '../tax-codes/records.ts';
import type { JOURNAL_STATUSES } from '../schemas/journal-values.ts';

/**
 * Journal rules, pure.
 *
 * States:
 *
 *   draft ──Post──> posted ──Void────> voided      (its effect on balances is taken back)
 *     │  <──Adjust──┘     └──Reverse─> reversed    (a new posted journal with sides swapped)
 *     └──Void──> voided                            (a discarded draft; balances untouched)
 *
 * Adjust takes a posted journal's effect off the balances and returns it to draft, to be
 * corrected and posted again. A reversing journal is born posted and stays so (see checkTransition).
 *
 * A posting too wide for one transaction passes through `posting` (Post) or `unposting` (Void,
 * Adjust) while its chunks are applied (wide-posting.ts); no action applies to those states but
 * the one under way, sent again.
 *
 * Only a draft can be updated. Side 1 is debit, side 2 credit.
 */


/** Side of an entry line: 1 debit, 2 credit. */
export const DEBIT = 1;
export const CREDIT = 2;

export type JournalStatus = (typeof JOURNAL_STATUSES)[number];
export type JournalAction = 'Update' | 'Submit' | 'Approve' | 'Reject' | 'Post' | 'Void' | 'Reverse' | 'Adjust';

/** The states of a journal not (yet) on the balances: a draft, and a draft asking or holding its approval. */
const UNPOSTED: ReadonlySet<JournalStatus> = new Set(['draft', 'submitted', 'approved']);
export const isUnposted = (status: JournalStatus): status is 'draft' | 'submitted' | 'approved' => UNPOSTED.has(status);
/** The approval that completed the journal's (the last given, once it is no longer only submitted), if any. */
export const completedApproval = <A>(j: { status: JournalStatus; approvals?: readonly A[] | undefined }): A | undefined => (j.status === 'submitted' ? undefined : j.approvals?.at(-1));
/** Whether the journal is unposted, narrowing it to the states without a posting. */
export const unpostedJournal = <J extends { status: JournalStatus }>(j: J): j is Extract<J, { status: 'draft' | 'submitted' | 'approved' }> => isUnposted(j.status);

/**
 * A resolved entry line: canonical ids and the canonical amount text. `amount` is always in the
 * base currency: balances, ledgers and reports add it. A line in another currency also keeps
 * that currency, its amount in it and the rate that converted it (docs/decisions.md, "Foreign
 * currencies"); lines written before foreign currencies carry no `currency` (they are in base).
 */
export interface Line {
  accountId: string;
  costCenterId: string | null;
  side: typeof DEBIT | typeof CREDIT;
  amount: string;
  currency?: string;
  /** For a line in a foreign currency: its amount in that currency, and base units per unit. */
  foreign?: { amount: string; exchangeRate: string };
  /** Added by the service: the base-currency rounding difference of the foreign lines. */
  fxRounding?: true;
  /**
   * Added by a revaluation: a base-currency line that adjusts the base carried by the account's
   * balance in this foreign currency (its foreign balance unchanged).
   */
  revaluationOf?: string;
  /** A line naming a tax code: the code and the tax it produced (its own amount is then without tax). */
  tax?: LineTax;
  /** Added by the service: a tax line of the taxed line at this index of the journal's lines. */
  taxOf?: number;
  /** The customer or supplier the line is with (a tax line: its taxed line's). */
  counterpartyId?: string;
}

/** Most lines one journal may hold (any number of distinct accounts and cost centers). */
export const MAX_LINES = 1000;
const ALLOWED = {
  Update: ['draft', 'submitted', 'approved'],
  Submit: ['draft'],
  Approve: ['submitted'],
  Reject: ['submitted', 'approved'],
  Post: ['draft', 'submitted', 'approved'],
  Void: ['draft', 'submitted', 'approved', 'posted'],
  Reverse: ['posted'],
  Adjust: ['posted'],
} as const satisfies Record<JournalAction, readonly JournalStatus[]>;

/** The states an action applies to. */
export type StatusFor<A extends JournalAction> = (typeof ALLOWED)[A][number];

/**
 * Whether `action` applies to the journal, narrowing its type to the states it applies to.
 * A reversing journal (`reversalOf` set) is final: voiding, adjusting or reversing it would leave its original `reversed` with nothing
 * undoing it, so the pair is undone only by correcting entries of their own. A revaluation journal
 * (`revaluationDate` set) is not updated, posted, voided, adjusted or reversed through the API:
 * the service alone posts and reverses it (`byService`).
 */
export function checkTransition<J extends { status: JournalStatus; reversalOf?: string | undefined; revaluationDate?: string | undefined }, A extends JournalAction>(
  journal: J,
  action: A,
  byService = false,
): asserts journal is Extract<J, { status: StatusFor<A> }> {
  if (journal.reversalOf && action !== 'Update' && action !== 'Post') {
    throw new StateConflict('ReversalIsFinal', `${action} does not apply to a reversing journal; post a correcting journal instead.`);
  }
  // A revaluation is only ever posted and reversed, by the service (byService), while it is under way; afterwards it is reversed, and final.
  if (journal.revaluationDate && !(byService && (action === 'Post' || action === 'Reverse'))) {
    throw new StateConflict('RevaluationJournal', `${action} does not apply to a revaluation journal; it is reversed automatically on the next day.`);
  }
  const status = journal.status;
  if (!(ALLOWED[action] as readonly JournalStatus[]).includes(status)) {
    const wayOut = WAY_OUT[status];
    throw new StateConflict('InvalidState', `${action} applies to a ${ALLOWED[action].join(' or ')} journal; this one is ${status}${wayOut ? `: ${wayOut}` : ''}.`);
  }
}

/**
 * A year's closing journal (`closingOf` set: financial-years/closing-rules.ts computes its lines
 * from the year's balances) is never edited: a user's lines would pass for closing entries (left
 * out of the income statement, allowed on cost centers deactivated since). Void it and generate
 * it again instead. Errors: StateConflict (ClosingJournalReadOnly).
 */
export function checkNotClosingJournal(journal: { closingOf?: string | undefined }): void {
  if (journal.closingOf) {
    throw new StateConflict('ClosingJournalReadOnly', 'A closing journal is generated from the year\'s balances and cannot be edited; void it and generate it again.');
  }
}

/** What a journal in each state takes instead, for the reason of an action it does not. */
const WAY_OUT: Partial<Record<JournalStatus, string>> = {
  draft: 'a draft has not touched the balances yet; update it, post it (Post) or discard it (Void)',
  submitted: 'it awaits its approval: approve or reject it (Approve, Reject), or update it (back to draft)',
  approved: 'it is approved: post it (Post), or update it (back to draft, its approvals dropped)',
  posted: 'to change it, return it to draft with Adjust (its period must be open) or undo it with Reverse (a new journal on a date you choose)',
  voided: 'a voided journal is final; write a new journal',
  reversed: 'a reversed journal is final (reversedBy names its reversal); write a new journal to correct it',
  posting: 'its posting is under way; send its Post again to finish it',
  unposting: 'its void or adjust is under way; send that request again to finish it',
};

export function totals(lines: readonly Line[]): { debit: string; credit: string } {
  return {
    debit: sumAmounts(lines.filter((l) => l.side === DEBIT).map((l) => l.amount)),
    credit: sumAmounts(lines.filter((l) => l.side === CREDIT).map((l) => l.amount)),
  };
}

/**
 * The line that balances a journal whose base amounts differ only by the rounding of its
 * foreign lines (at most one base minor unit per foreign line), on the rounding account; or
 * undefined when the journal balances, has no foreign line, or differs by more (then posting
 * says Unbalanced). Lines the service added before are not counted: they are recomputed.
 */
export function fxRoundingLine(lines: readonly Line[], basePrecision: number, accountId: string, currency: string): Line | undefined {
  const own = lines.filter((l) => !l.fxRounding);
  const foreignLines = own.filter((l) => l.foreign).length;
  if (foreignLines === 0) return undefined;
  const { debit, credit } = totals(own);
  const difference = toMils(debit) - toMils(credit);
  const minorUnit = 10n ** BigInt(MIL_DIGITS - basePrecision);
  if (difference === 0n || absMils(difference) > BigInt(foreignLines) * minorUnit) return undefined;
  return { accountId, costCenterId: null, side: difference > 0n ? CREDIT : DEBIT, amount: fromMils(absMils(difference), basePrecision), currency, fxRounding: true };
}

/** A journal posts only with at least two lines and equal, non-zero debit and credit totals. */
export function checkBalanced(lines: readonly Line[]): void {
  if (lines.length < 2) throw ValidationError.field('entries', 'a journal needs at least two lines to post', 'TooFewLines');
  const { debit, credit } = totals(lines);
  if (!equalAmounts(debit, credit)) {
    const foreign = lines.some((l) => l.foreign) ? ' (in base currency; a difference left by rounding foreign lines is balanced on settings fxRoundingAccountId once it is set)' : '';
    throw ValidationError.field('entries', `debits (${debit}) and credits (${credit}) must be equal to post: they differ by ${fromMils(absMils(toMils(debit) - toMils(credit)))}${foreign}`, 'Unbalanced');
  }
}

/** Each taxed line's tax in base, by its index: the base amount of its first tax line (a reverse charge's two are equal). */
export function taxBases(lines: readonly Line[]): Map<number, string> {
  const bases = new Map<number, string>();
  for (const l of lines) if (l.taxOf !== undefined && !bases.has(l.taxOf)) bases.set(l.taxOf, l.amount);
  return bases;
}

/**
 * One line of a ledger entry: where it sits in its journal, and what it says. `amount` is in
 * the base currency (what balances add); the line's currency, and for a foreign line its amount
 * in that currency and its rate, as the journal keeps them. Items written before currencies
 * have neither: their lines are in the base currency.
 */
export interface LedgerLine {
  line: number;
  side: Line['side'];
  amount: string;
  costCenterId: string | null;
  currency?: string;
  foreign?: Line['foreign'];
}

/** The journal's lines grouped by account, each keeping its index in the journal. */
export function linesByAccount(entries: readonly Line[]): Map<string, LedgerLine[]> {
  const byAccount = new Map<string, LedgerLine[]>();
  entries.forEach((l, line) => {
    const lines = byAccount.get(l.accountId) ?? [];
    lines.push({ line, side: l.side, amount: l.amount, costCenterId: l.costCenterId, ...(l.currency ? { currency: l.currency } : {}), ...(l.foreign ? { foreign: l.foreign } : {}) });
    byAccount.set(l.accountId, lines);
  });
  return byAccount;
}

/**
 * One taxed line of the tax ledger: its place in its journal, its account and side, its amount
 * without tax (base, and in its currency), its counterparty, its tax as the line records it, and
 * the tax in base (the base amount of its first tax line; 0 when it has none).
 */
export interface TaxLedgerLine {
  line: number;
  accountId: string;
  side: Line['side'];
  amount: string;
  currency?: string;
  foreign?: Line['foreign'];
  counterpartyId?: string;
  tax: NonNullable<Line['tax']>;
  taxBase: string;
}

/** The journal's taxed lines, as the tax ledger keeps them. */
export function taxedLinesOf(entries: readonly Line[]): TaxLedgerLine[] {
  const taxBase = taxBases(entries);
  return entries.flatMap((l, line) =>
    l.tax
      ? [{ line, accountId: l.accountId, side: l.side, amount: l.amount, ...(l.currency ? { currency: l.currency } : {}), ...(l.foreign ? { foreign: l.foreign } : {}), ...(l.counterpartyId ? { counterpartyId: l.counterpartyId } : {}), tax: l.tax, taxBase: taxBase.get(line) ?? '0' }]
      : [],
  );
}

/** The ledger entries a posting writes, or taking it back deletes: its lines on each account it names, and its taxed lines. */
export interface LedgerEntries {
  byAccount: Map<string, LedgerLine[]>;
  taxed: TaxLedgerLine[];
}

export const ledgerEntries = (lines: readonly Line[]): LedgerEntries => ({ byAccount: linesByAccount(lines), taxed: taxedLinesOf(lines) });

/** The same lines with debit and credit swapped: the reversing entry. */
export function swapSides(lines: readonly Line[]): Line[] {
  return lines.map((l) => ({ ...l, side: l.side === DEBIT ? CREDIT : DEBIT }));
}

/** The accounting date of a journal: the calendar date as written in its `date`. */
export function calendarDate(dateTime: string): string {
  return dateTime.slice(0, 10);
}
