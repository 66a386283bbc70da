import type { Classification } from '../accounts/records.ts';
import type { JournalRecord } from '../journals/records.ts';
import { CREDIT, type Line } from '../journals/rules.ts';
import { formatTotal } from '../money/amount.ts';
import { toMils } from '../money/mils.ts';
import type { JournalPlace, PlaceRun } from './store.ts';

/**
 * How the books' records read in the AICPA Audit Data API's general-ledger fields, pure
 * (docs/decisions.md, "The auditors' data API", maps each field to its source).
 */

/** `sourceSystem` of every record: the system the data comes from. */
export const SOURCE_SYSTEM = 'Ledger API';

/** The standard's `fiscalYear` (four digits): the calendar year the financial year ends in. */
export const fiscalYearLabel = (year: { endDate: string }): string => year.endDate.slice(0, 4);

/** The standard's `period` (company-defined, at most 15 characters): P and the period's number in its year, as a year's default period names read (P01 to P12). */
export const periodLabel = (period: { number: number }): string => `P${String(period.number).padStart(2, '0')}`;

/** The standard's `accountType`: the classification of the account's root, as the standard's examples word it. */
const ACCOUNT_TYPES = { asset: 'Asset', liability: 'Liability', equity: 'Equity', revenue: 'Revenue', expense: 'Expense' } as const satisfies Record<Classification, string>;
export const accountTypeLabel = (classification: Classification): (typeof ACCOUNT_TYPES)[Classification] => ACCOUNT_TYPES[classification];

export type JournalSource = 'Opening balances' | 'Revaluation' | 'Reversal' | 'Year-end closing' | 'Import' | 'API' | 'Manual';

/**
 * The standard's `source` (at most 25 characters): where the journal came from, by what marks it
 * (the first that applies): an import of opening balances, a revaluation or its automatic
 * reversal, a reversal, a year's closing journal, an import, an API key, else a person.
 */
export function journalSource(j: Pick<JournalRecord, 'openingOf' | 'revaluationDate' | 'reversalOf' | 'closingOf' | 'importId' | 'createdBy'>): JournalSource {
  if (j.openingOf) return 'Opening balances';
  if (j.revaluationDate) return 'Revaluation';
  if (j.reversalOf) return 'Reversal';
  if (j.closingOf) return 'Year-end closing';
  if (j.importId) return 'Import';
  return j.createdBy?.type === 'apiKey' ? 'API' : 'Manual';
}

/** The standard's `reversalIndicator`: 1 the entry is a reversal, 2 it is being (has been) reversed, '' neither. */
export function reversalIndicator(j: Pick<JournalRecord, 'reversalOf' | 'status'>): '1' | '2' | '' {
  if (j.reversalOf) return '1';
  return j.status === 'reversed' ? '2' : '';
}

/** The id of the journal on the other side of a reversal, if any: the original of a reversal, the reversal of a reversed journal. */
export function reversalPartner(j: JournalRecord): string | undefined {
  return j.reversalOf ?? (j.status === 'reversed' ? j.reversedBy : undefined);
}

/**
 * A line's amount signed as the standard wants it, with no debit/credit indicator: a debit
 * positive, a credit negative; as decimal text with `precision` decimals.
 */
export function signedAmount(amount: string, side: Line['side'], precision: number): string {
  const mils = toMils(amount);
  return formatTotal(side === CREDIT ? -mils : mils, precision);
}

/** A balance as the standard signs it: a report's debit less its credit (decimal text), with `precision` decimals. */
export function netAmount(sides: { debit: string; credit: string }, precision: number): string {
  return formatTotal(toMils(sides.debit) - toMils(sides.credit), precision);
}

/**
 * The first `limit` journals (by place: posting date, serial number, id) of the runs read from
 * the accounts' ledgers, each run the places of one account under one partition key in order.
 * A run with more to follow is known only up to its last place, so only the places up to the
 * earliest such end are certain to miss none in between: those are kept, each journal once
 * (a journal has a place on every account it names). The run ending earliest holds `limit`
 * distinct journals (one account's entries are distinct journals), so when any run has more,
 * at least `limit` are kept: a page is never short of journals the ledgers hold.
 */
export function firstJournals(runs: readonly PlaceRun[], limit: number): JournalPlace[] {
  const ends = runs.filter((r) => r.more && r.places.length > 0).map((r) => r.places.at(-1)!.position);
  const certainUpTo = ends.length > 0 ? ends.reduce((a, b) => (a < b ? a : b)) : undefined;
  const byPosition = new Map<string, JournalPlace>();
  for (const run of runs) for (const place of run.places) if (certainUpTo === undefined || place.position <= certainUpTo) byPosition.set(place.position, place);
  return [...byPosition.values()].sort((a, b) => (a.position < b.position ? -1 : 1)).slice(0, limit);
}
