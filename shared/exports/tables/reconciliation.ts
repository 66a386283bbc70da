import type { ReconciliationView } from '../../reconciliation/reconciliation.ts';
import { label } from '../labels.ts';
import { fileNamePart, type Language, type ReportTable } from '../table.ts';

/**
 * The reconciliation as a table: the statement balance, the books' balance and their
 * difference, then a row per statement line and per ledger line not reconciled at the date
 * (the first 1,000 of each side, as the JSON lists them).
 */
/** An exact amount as the JSON gives it, at its own decimals. */
const money = (amount: string) => ({ amount, decimals: (amount.split('.')[1] ?? '').length });

export function reconciliationTable(report: ReconciliationView, language: Language): ReportTable {
  const figure = (name: 'statementBalance' | 'ledgerBalance' | 'difference', amount: string) => ({ cells: [label(name, language), null, null, null, null, null, null, money(amount), null], bold: true });
  return {
    sheet: label('reconciliation', language),
    fileName: `reconciliation_${fileNamePart(report.date)}`,
    rightToLeft: language === 'ar',
    columns: [
      { header: label('side', language), width: 18 },
      { header: label('bankReference', language), width: 22 },
      { header: label('serialNumber', language), width: 10 },
      { header: label('line', language), width: 6 },
      { header: label('itemDate', language), width: 12, date: true },
      { header: label('description', language), width: 40 },
      { header: label('reference', language), width: 16 },
      { header: label('amount', language), width: 14 },
      { header: label('matchId', language), width: 38 },
    ],
    rows: [
      figure('statementBalance', report.statementBalance),
      figure('ledgerBalance', report.ledgerBalance),
      figure('difference', report.difference),
      ...report.unmatchedStatement.lines.map((l) => ({ cells: [label('statementSide', language), l.bankReference, null, null, { date: l.bookingDate }, l.description, null, money(l.amount), l.matchId] })),
      ...report.unmatchedLedger.lines.map((l) => ({ cells: [label('booksSide', language), null, l.serialNumber, l.line, { date: l.postingDate }, l.description, l.reference, money(l.amount), null] })),
    ],
  };
}
