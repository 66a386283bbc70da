/**
 * The table model every export is rendered from, pure: a report is computed once, turned into
 * a table (columns, then rows carrying their tree level and whether they are a total), and a
 * renderer per format (csv.ts, xlsx.ts) writes the table without ever querying.
 *
 * Adding a report to the exports is one function: `(report, language) => ReportTable` in
 * tables/<report>.ts, answered by its handler through `answer()` (answer.ts), e.g.
 *   endpoint(route, (r) => answer(r, () => cashFlow(r.params.companyId, r.query), cashFlowTable))
 * and its query schema extended with `exportParameters` (schemas.ts). Amount cells carry
 * their decimals; the header words come from labels.ts, in either language.
 */
export type Language = 'en' | 'ar';

/** An exact amount: decimal text at `decimals` places (a spreadsheet stores it as a number in that format). */
export interface AmountCell {
  amount: string;
  decimals: number;
}

/** A calendar date, YYYY-MM-DD (a spreadsheet stores it as a date). */
export interface DateCell {
  date: string;
}

export type Cell = string | number | AmountCell | DateCell | null;

export interface TableColumn {
  header: string;
  /** Characters wide in a spreadsheet. */
  width: number;
  /** Its cells are dates (a date cell, or date or date-time text): a file asked with `hijri` has their Hijri dates in a column beside (hijri-columns.ts). */
  date?: boolean;
  /** The dates its header names (a range's ends, or an as-of date): a file asked with `hijri` adds their Hijri form to the header. */
  headerDates?: readonly string[];
}

export interface TableRow {
  cells: Cell[];
  /** Depth in the account tree, shown by indentation (0: none). */
  level?: number;
  /** A heading or total line. */
  bold?: boolean;
  /** The posting date a line belongs to: what a too-large export names as the end of a narrower range. */
  date?: string;
}

export interface ReportTable {
  /** The sheet's name (at most 31 characters). */
  sheet: string;
  /** The file's name without its language and extension (render.ts adds both): ASCII letters, digits, dots, dashes and underscores. */
  fileName: string;
  rightToLeft: boolean;
  columns: TableColumn[];
  /** The column (by index) a row's level indents: the account name. */
  indentColumn?: number;
  /** All rows at once, or a stream of them for exports as long as a ledger. */
  rows: Iterable<TableRow> | AsyncIterable<TableRow>;
}

/**
 * An amount cell from a report's decimal text, which is padded to its currency's precision: its
 * decimals are that precision. With `blankZero`, a zero is an empty cell (the debit of a credit line).
 */
export function amount(text: string, blankZero = false): AmountCell | null {
  if (blankZero && /^-?0(\.0*)?$/.test(text)) return null;
  return { amount: text, decimals: text.split('.')[1]?.length ?? 0 };
}

/** A name in the export's language. */
export const nameIn = (name: { english: string; arabic: string }, language: Language) => (language === 'ar' ? name.arabic : name.english);

/** A file name part made safe for a Content-Disposition header. */
export const fileNamePart = (text: string) => text.replace(/[^A-Za-z0-9.-]+/g, '-');
