import type { IncomeStatement } from '../../reports/income-statement.ts';
import { label } from '../labels.ts';
import { amount, nameIn, type Language, type TableColumn, type TableRow } from '../table.ts';

type Column = IncomeStatement['columns'][number];
type StatementRow = IncomeStatement['revenue'][number];

/** A statement column as a table's: headed by its range (or date), which a file asked with `hijri` shows in Hijri too. */
export const statementColumn = (column: Column, language: Language): TableColumn => ({
  header: columnHeader(column, language),
  width: 18,
  headerDates: column.dateFrom ? [column.dateFrom, column.dateTo] : [column.dateTo],
});

/** A statement column's header: its range (or date), and whose figures when not the company's. */
function columnHeader(column: Column, language: Language): string {
  const when = column.dateFrom ? `${column.dateFrom} – ${column.dateTo}` : `${label('asOf', language)} ${column.dateTo}`;
  if (column.scope === 'noCostCenter') return `${when} · ${label('noCostCenter', language)}`;
  return column.costCenter && column.scope === 'costCenter' ? `${when} · ${nameIn(column.costCenter.name, language)}` : when;
}

/** A statement section: a bold heading, its account rows along the tree, and a bold total. */
export function sectionRows(heading: string, rows: readonly StatementRow[], totalLabel: string, totals: readonly string[], language: Language): TableRow[] {
  return [
    { cells: ['', heading], bold: true },
    ...rows.map((r) => ({ cells: [r.code, nameIn(r.name, language), ...r.amounts.map((a) => amount(a))], level: r.depth + 1 })),
    totalRow(totalLabel, totals),
  ];
}

/** A bold line of amounts under a label. */
export const totalRow = (text: string, amounts: readonly string[]): TableRow => ({ cells: ['', text, ...amounts.map((a) => amount(a))], bold: true });
