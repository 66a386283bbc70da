import type { Classification } from '../accounts/records.ts';
import type { Sums } from '../balances/records.ts';
import type { JournalRecord } from '../journals/records.ts';
import { CREDIT, type Line } from '../journals/rules.ts';
import { fromMils, toMils } from '../money/mils.ts';

/**
 * SAF-T Financial rules, pure: how the books' values fit the schema's fields
 * (docs/standards/saf-t/, the Norwegian v1.30 schema after the OECD's 2.0; docs/decisions.md,
 * "The SAF-T Financial export"). Text is measured in characters (code points), as XML Schema's
 * lengths are.
 */

/** The schema's namespace and version, as the file names them. */
export const SAF_T_NAMESPACE = 'urn:StandardAuditFile-Taxation-Financial:NO';
export const SAF_T_VERSION = '1.30';

/** The schema's text lengths: SAFshorttextType, SAFmiddle1textType, SAFmiddle2textType, SAFlongtextType. */
export const TEXT = { short: 18, middle1: 35, middle2: 70, long: 256 } as const;

/** What a field the books have no value for holds where the schema requires one (the header's contact person and telephone, the company's registration number without a TRN). */
export const NOT_KEPT = '-';

/** ISO 3166's user-assigned code for an unknown country: a company with no tax jurisdiction. */
export const UNKNOWN_COUNTRY = 'ZZ';

const characters = (text: string) => [...text].length;

/** Text within `max` characters: longer text is cut, its last character an ellipsis, so a reader sees it was cut. */
export function fitted(text: string, max: number): string {
  const all = [...text];
  return all.length <= max ? text : `${all.slice(0, max - 1).join('')}…`;
}

/** A UUID without its hyphens (32 hex digits): the form of an id in the schema's 35-character ID fields, which the 36 of a UUID overflow. */
export const compactId = (id: string): string => id.replace(/-/g, '');

/** An identifier as the file gives it: `text` (a path of codes) while it fits `max`, else the record's compact id; never cut, so it stays unique. */
export const identifier = (text: string, id: string, max: number): string => (characters(text) <= max ? text : compactId(id));

/** A name in both languages, for a description field: English, then Arabic (once when they are the same), within the long text's 256 characters. */
export function bilingual(name: { english: string; arabic: string }, max: number = TEXT.long): string {
  return fitted(name.english === name.arabic ? name.english : `${name.english} / ${name.arabic}`, max);
}

/** An amount of mils as SAFmonetaryType writes it: two decimals (the company's precision is 2: safTPrecisionProblem). */
export const monetary = (mils: bigint): string => fromMils(mils, 2);

/** Whether decimal text fits SAFmonetaryType: at most two decimals that are not zero, and 18 digits in all. */
export function fitsMonetary(text: string): boolean {
  const mils = toMils(text);
  return mils % 10n === 0n && (mils < 0n ? -mils : mils) / 1000n < 10n ** 16n;
}

/** An exchange rate as SAFexchangerateType holds it (at most 8 decimals, 18 digits), or undefined when it does not fit. */
export function exchangeRate(text: string): string | undefined {
  const match = /^(\d+)(?:\.(\d+?))?0*$/.exec(text);
  if (!match) return undefined;
  const [, whole = '', decimals = ''] = match;
  const digits = whole.replace(/^0+(?=\d)/, '').length + decimals.length;
  return decimals.length <= 8 && digits <= 18 ? (decimals ? `${whole}.${decimals}` : whole) : undefined;
}

/** Why the company's amounts cannot be written, or undefined: SAFmonetaryType holds two decimals, and a company of precision 3 may have a third. */
export const safTPrecisionProblem = (precision: number): string | undefined =>
  precision > 2
    ? 'The company keeps amounts to 3 decimals (decimalPrecision 3); the SAF-T Financial schema holds amounts to 2 decimals, so its file would not be valid: export the general ledger as CSV or XLSX instead (GET .../Reports/GeneralLedger?format=csv).'
    : undefined;

/** The years SAF-T's PeriodYear holds (a transaction's: the year its financial year starts in). */
export const PERIOD_YEARS = { first: 1970, last: 2100 } as const;

/** Why a range's transactions cannot be given their PeriodYear: a financial year the range touches starts outside PERIOD_YEARS; undefined when none does. */
export function periodYearProblem(years: ReadonlyArray<{ startDate: string; endDate: string }>, range: { from: string; to: string }): string | undefined {
  const outside = years.find((y) => y.startDate <= range.to && y.endDate >= range.from && (Number(y.startDate.slice(0, 4)) < PERIOD_YEARS.first || Number(y.startDate.slice(0, 4)) > PERIOD_YEARS.last));
  return outside ? `touches the financial year starting ${outside.startDate}; a SAF-T file's PeriodYear holds the years ${PERIOD_YEARS.first} to ${PERIOD_YEARS.last}` : undefined;
}

/** A journal's kind, as TransactionType (at most 18 characters) names it. */
export function transactionType(journal: Pick<JournalRecord, 'openingOf' | 'closingOf' | 'revaluationDate' | 'reversalOf'>): string {
  if (journal.openingOf) return 'Opening';
  if (journal.closingOf) return 'Closing';
  if (journal.revaluationDate) return 'Revaluation';
  if (journal.reversalOf) return 'Reversal';
  return 'Normal';
}

export type PartyRole = 'customer' | 'supplier';

/**
 * The role of each counterparty a journal's lines name: a customer where a line naming it is
 * taxed as a supply, a supplier where as a purchase (a tax line counts as its taxed line); a party
 * no taxed line names takes the role of the account of the first line naming it: revenue and
 * assets (a receivable) a customer's, expenses and liabilities (a payable) a supplier's; on an
 * equity account, none. A journal's party is one or the other: supplies win over purchases.
 */
export function partyRoles(entries: readonly Line[], classificationOf: (accountId: string) => Classification | undefined): Map<string, PartyRole> {
  const roles = new Map<string, PartyRole>();
  const taxed = (line: Line) => line.tax ?? (line.taxOf !== undefined ? entries[line.taxOf]?.tax : undefined);
  for (const line of entries) {
    const direction = line.counterpartyId ? taxed(line)?.direction : undefined;
    if (!line.counterpartyId || !direction) continue;
    if (direction === 'supplies' || !roles.has(line.counterpartyId)) roles.set(line.counterpartyId, direction === 'supplies' ? 'customer' : 'supplier');
  }
  for (const line of entries) {
    if (!line.counterpartyId || roles.has(line.counterpartyId)) continue;
    const role = ROLE_OF_CLASSIFICATION[classificationOf(line.accountId) ?? 'equity'];
    if (role) roles.set(line.counterpartyId, role);
  }
  return roles;
}

const ROLE_OF_CLASSIFICATION: Record<Classification, PartyRole | undefined> = { revenue: 'customer', asset: 'customer', expense: 'supplier', liability: 'supplier', equity: undefined };

/** A line's amount in mils, on its side. */
export const lineMils = (line: Pick<Line, 'amount' | 'side'>): { debit: bigint; credit: bigint } => {
  const mils = toMils(line.amount);
  return line.side === CREDIT ? { debit: 0n, credit: mils } : { debit: mils, credit: 0n };
};

/**
 * Whether the lines written agree with the balances read: for every account, its debits and its
 * credits between the balances before the range and through its end are those of its lines. A
 * posting committed between the two reads parts them (the file is then written again).
 */
export function linesAgree(accountIds: Iterable<string>, before: ReadonlyMap<string, Sums>, through: ReadonlyMap<string, Sums>, lines: ReadonlyMap<string, { debit: bigint; credit: bigint }>): boolean {
  for (const id of accountIds) {
    const moved = lines.get(id) ?? { debit: 0n, credit: 0n };
    const b = before.get(id);
    const t = through.get(id);
    if ((t?.debit ?? 0n) - (b?.debit ?? 0n) !== moved.debit || (t?.credit ?? 0n) - (b?.credit ?? 0n) !== moved.credit) return false;
  }
  return true;
}
