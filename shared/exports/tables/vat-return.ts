import type { VatReturn } from '../../reports/vat-return-figures.ts';
import { label } from '../labels.ts';
import { amount, fileNamePart, nameIn, type Language, type ReportTable } from '../table.ts';

/**
 * The VAT return as a table: each box of the form in its order, its number, its name, its amount
 * and its VAT (empty where the form has no such column); the net due last, in bold.
 */
export function vatReturnTable(report: VatReturn, language: Language): ReportTable {
  return {
    sheet: label('vatReturn', language),
    fileName: `vat-return_${fileNamePart(report.jurisdiction)}_${fileNamePart(report.dateFrom)}_${fileNamePart(report.dateTo)}`,
    rightToLeft: language === 'ar',
    columns: [
      { header: label('box', language), width: 8 },
      { header: label('boxName', language), width: 60 },
      { header: label('amountExcludingVat', language), width: 20 },
      { header: label('vatAmount', language), width: 18 },
    ],
    rows: [
      ...report.boxes.map((b) => ({ cells: [b.box, nameIn(b.name, language), b.amount === null ? null : amount(b.amount), b.tax === null ? null : amount(b.tax)], bold: b.side === 'net' })),
      { cells: ['', label('netVatDue', language), null, amount(report.netDue)], bold: true },
    ],
  };
}
