import type { TrialBalance } from '../../reports/trial-balance.ts';
import { label } from '../labels.ts';
import { amount, fileNamePart, nameIn, type Language, type ReportTable, type TableColumn, type TableRow } from '../table.ts';

type Sides = TrialBalance['totals'];
const FIGURES = ['openingDebit', 'openingCredit', 'movementDebit', 'movementCredit', 'closingDebit', 'closingCredit'] as const;
const sixFigures = (s: Sides) => [s.opening.debit, s.opening.credit, s.movement.debit, s.movement.credit, s.closing.debit, s.closing.credit].map((a) => amount(a));

/**
 * A trial balance as a table: code, account, then opening, movement and closing debit and
 * credit, and a total line. With columns by month or quarter, the six figures of each column
 * come first, headed by its dates, then those of the whole range headed "Total".
 */
export function trialBalanceTable(report: TrialBalance, language: Language): ReportTable {
  const columns = report.columns ?? [];
  const figureColumns = (prefix: string, headerDates?: readonly string[]): TableColumn[] => FIGURES.map((f) => ({ header: `${prefix}${label(f, language)}`, width: 16, ...(headerDates ? { headerDates } : {}) }));
  const rowFigures = (own: Sides, inColumns: readonly Sides[] | null) => [...(inColumns ?? []).flatMap(sixFigures), ...sixFigures(own)];
  const rows: TableRow[] = report.rows.map((r) => ({ cells: [r.code, nameIn(r.name, language), ...rowFigures(r, r.columns)], level: r.depth }));
  rows.push({ cells: ['', label('total', language), ...rowFigures(report.totals, columns.map((c) => c.totals))], bold: true });
  return {
    sheet: label('trialBalance', language),
    fileName: `trial-balance_${fileNamePart(report.dateFrom)}_${fileNamePart(report.dateTo)}`,
    rightToLeft: language === 'ar',
    columns: [
      { header: label('code', language), width: 12 },
      { header: label('account', language), width: 40 },
      ...columns.flatMap((c) => figureColumns(`${c.dateFrom} – ${c.dateTo} · `, [c.dateFrom, c.dateTo])),
      ...figureColumns(columns.length > 0 ? `${label('total', language)} · ` : ''),
    ],
    indentColumn: 1,
    rows,
  };
}
