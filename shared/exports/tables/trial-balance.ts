import type { TrialBalance } from '../../reports/trial-balance.ts';
import { label } from '../labels.ts';
import { amount, fileNamePart, nameIn, type Language, type ReportTable, type TableRow } from '../table.ts';

type Sides = TrialBalance['totals'];
const FIGURES = ['openingDebit', 'openingCredit', 'movementDebit', 'movementCredit', 'closingDebit', 'closingCredit'] as const;
const sixFigures = (s: Sides) => [s.opening.debit, s.opening.credit, s.movement.debit, s.movement.credit, s.closing.debit, s.closing.credit].map((a) => amount(a));

/** A trial balance as a table: code, account, then opening, movement and closing debit and credit; a total line. */
export function trialBalanceTable(report: TrialBalance, language: Language): ReportTable {
  const rows: TableRow[] = report.rows.map((r) => ({ cells: [r.code, nameIn(r.name, language), ...sixFigures(r)], level: r.depth }));
  rows.push({ cells: ['', label('total', language), ...sixFigures(report.totals)], bold: true });
  return {
    sheet: label('trialBalance', language),
    fileName: `trial-balance_${fileNamePart(report.dateFrom)}_${fileNamePart(report.dateTo)}`,
    rightToLeft: language === 'ar',
    columns: [{ header: label('code', language), width: 12 }, { header: label('account', language), width: 40 }, ...FIGURES.map((f) => ({ header: label(f, language), width: 16 }))],
    indentColumn: 1,
    rows,
  };
}
