import type { Segregation } from '../../reports/segregation.ts';
import { label } from '../labels.ts';
import { fileNamePart, type Language, type ReportTable } from '../table.ts';

const who = (a: { type: string; id: string } | null) => (a ? `${a.type}:${a.id}` : '');

/**
 * The segregation report as a table: one row per exception (its journal, who created it, who
 * completed its approval and who posted it, what was found, the rules), then one row per
 * principal with how many it entered, approved and posted.
 */
export function segregationTable(report: Segregation, language: Language): ReportTable {
  return {
    sheet: label('segregation', language),
    fileName: `segregation_${fileNamePart(report.dateFrom)}_${fileNamePart(report.dateTo)}`,
    rightToLeft: language === 'ar',
    columns: [
      { header: label('serialNumber', language), width: 10 },
      { header: label('date', language), width: 12 },
      { header: label('status', language), width: 10 },
      { header: label('createdBy', language), width: 44 },
      { header: label('approvedBy', language), width: 44 },
      { header: label('postedBy', language), width: 44 },
      { header: label('findings', language), width: 40 },
      { header: label('rules', language), width: 30 },
      { header: label('principal', language), width: 44 },
      { header: label('entered', language), width: 9 },
      { header: label('approvedCount', language), width: 9 },
      { header: label('postedCount', language), width: 9 },
    ],
    rows: [
      ...report.exceptions.map((e) => ({ cells: [e.serialNumber, { date: e.date }, e.status, who(e.createdBy), who(e.approvedBy.at(-1) ?? null), who(e.postedBy), e.findings.join(' '), e.rules.join('; '), null, null, null, null] })),
      ...report.principals.map((p) => ({ cells: [null, null, null, null, null, null, null, null, who(p.principal), p.entered, p.approved, p.posted], bold: true })),
    ],
  };
}
