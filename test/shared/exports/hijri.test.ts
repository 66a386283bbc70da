import { describe, expect, it } from 'vitest';
import { hijriDate, withHijriFields } from '../../../shared/exports/hijri.ts';
import { withHijriColumns } from '../../../shared/exports/hijri-columns.ts';
import type { ReportTable, TableRow } from '../../../shared/exports/table.ts';

/**
 * Pairs of the Umm al-Qura calendar, checked against a second source: the month lengths of
 * ng-bootstrap's Umm al-Qura table (NgbCalendarIslamicUmalqura) counted from 1 Muharram 1445 =
 * 2023-07-19 (Saudi Supreme Court), and the Saudi announcements of 1 Ramadan 1441 (24 April
 * 2020) and 1 Ramadan 1447 (18 February 2026).
 */
const PAIRS: Array<[string, string]> = [
  ['2026-02-18', '1447-09-01'], // 1 Ramadan 1447
  ['2026-02-17', '1447-08-29'],
  ['2026-06-16', '1448-01-01'], // 1 Muharram 1448
  ['2020-04-24', '1441-09-01'], // 1 Ramadan 1441
  ['2020-08-20', '1442-01-01'], // 1 Muharram 1442
  ['2024-07-07', '1446-01-01'], // 1 Muharram 1446
];

describe('hijriDate', () => {
  it('gives the Umm al-Qura date of a Gregorian one as YYYY-MM-DD in Latin digits', () => {
    for (const [gregorian, hijri] of PAIRS) expect(hijriDate(gregorian), gregorian).toBe(hijri);
    // The accepted range's ends: four-digit years both.
    for (const end of ['1900-01-01', '9999-12-31']) expect(hijriDate(end)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('adds hijri field for field to an answer with dates, and leaves one without any as it is', () => {
    const ledger = { dateFrom: '2026-02-18', dateTo: '2026-06-16', results: [] };
    const statement = { columns: [{ dateFrom: null, dateTo: '2026-02-18' }, { dateFrom: '2020-04-24', dateTo: '2020-08-20' }] };
    const trialBalance = { dateFrom: '2026-02-18', dateTo: '2026-02-18', columns: null };
    const list = { currentPage: null, results: [], nextPage: null };

    expect(withHijriFields(ledger)).toEqual({ ...ledger, hijri: { dateFrom: '1447-09-01', dateTo: '1448-01-01' } });
    expect(withHijriFields(statement)).toEqual({ ...statement, hijri: { columns: [{ dateFrom: null, dateTo: '1447-09-01' }, { dateFrom: '1441-09-01', dateTo: '1442-01-01' }] } });
    expect(withHijriFields(trialBalance)).toEqual({ ...trialBalance, hijri: { dateFrom: '1447-09-01', dateTo: '1447-09-01', columns: null } });
    expect(withHijriFields(list)).toBe(list);
  });
});

describe('withHijriColumns', () => {
  it('puts a Hijri column beside each date column and the Hijri dates in headers naming dates, rows streamed', async () => {
    const table: ReportTable = {
      sheet: 'S',
      fileName: 'f',
      rightToLeft: true,
      columns: [
        { header: 'تاريخ الترحيل', width: 12, date: true },
        { header: 'الحساب', width: 30 },
        { header: 'التاريخ', width: 24, date: true },
        { header: '2026-02-18 – 2026-06-16', width: 18, headerDates: ['2026-02-18', '2026-06-16'] },
      ],
      indentColumn: 1,
      rows: [
        { cells: [{ date: '2026-02-18' }, 'Cash', '2026-06-16T23:00:00+03:00', { amount: '1.00', decimals: 2 }], date: '2026-02-18' },
        { cells: ['', 'Opening', null, null], bold: true },
        { cells: [null, 'Heading'] },
      ],
    };

    const shown = withHijriColumns(table, 'ar');
    const rows: TableRow[] = [];
    for await (const row of shown.rows) rows.push(row);

    expect(shown.columns.map((c) => c.header)).toEqual(['تاريخ الترحيل', 'تاريخ الترحيل (هجري)', 'الحساب', 'التاريخ', 'التاريخ (هجري)', '2026-02-18 – 2026-06-16 (هجري 1447-09-01 – 1448-01-01)']);
    expect(shown.indentColumn).toBe(2);
    expect(rows).toEqual([
      { cells: [{ date: '2026-02-18' }, '1447-09-01', 'Cash', '2026-06-16T23:00:00+03:00', '1448-01-01', { amount: '1.00', decimals: 2 }], date: '2026-02-18' },
      { cells: ['', null, 'Opening', null, null, null], bold: true },
      { cells: [null, null, 'Heading'] },
    ]);
  });
});
