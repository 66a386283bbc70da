import { describe, expect, it } from 'vitest';
import { useGateway } from '../../support/api.ts';
import { exportBooks, ok } from '../../support/export-books.ts';
import { csvRows, getFile, sheetValues, xlsxSheet } from '../../support/files.ts';
import { credit, debit, postedJournal } from '../../support/ledger.ts';
import { hijriDate } from '../../../shared/exports/hijri.ts';

/**
 * `hijri=true`: the Umm al-Qura dates beside the Gregorian ones, display only. 2026-02-18 is
 * 1 Ramadan 1447 and 2026-06-16 is 1 Muharram 1448 (test/shared/exports/hijri.test.ts).
 */
const gateway = useGateway();

const RANGE = 'dateFrom=2026-02-18&dateTo=2026-06-16';

describe('Hijri dates', () => {
  it('a trial balance: its JSON carries the Hijri range only when asked, its CSV and XLSX headers naming a range show it in Hijri', async () => {
    const { api, base, token } = await exportBooks(gateway.url);
    const path = `${base}/Reports/TrialBalance?${RANGE}&columns=quarter`;

    const [plain, unasked, asked] = await Promise.all([api.get(path), api.get(`${path}&hijri=false`), api.get(`${path}&hijri=true`)]);
    const [plainCsv, hijriCsv, plainXlsx, hijriXlsx] = await Promise.all([
      getFile(gateway.url(), token, `${path}&format=csv`),
      getFile(gateway.url(), token, `${path}&format=csv&hijri=true`),
      getFile(gateway.url(), token, `${path}&format=xlsx&language=ar`),
      getFile(gateway.url(), token, `${path}&format=xlsx&language=ar&hijri=true`),
    ]);

    expect(plain.status, plain.text).toBe(200);
    expect(plain.body).not.toHaveProperty('hijri');
    expect(unasked.text).toBe(plain.text);
    const columns: Array<{ dateFrom: string; dateTo: string }> = plain.body.columns;
    expect(asked.body).toEqual({ ...plain.body, hijri: { dateFrom: '1447-09-01', dateTo: '1448-01-01', columns: columns.map((c) => ({ dateFrom: hijriDate(c.dateFrom), dateTo: hijriDate(c.dateTo) })) } });
    expect(asked.body.hijri.columns).toEqual([{ dateFrom: '1447-09-01', dateTo: '1447-10-12' }, { dateFrom: '1447-10-13', dateTo: '1448-01-01' }]);
    // Six figures per quarter, then the total's six, whose header names no range.
    const withRange = (word: string) => (header: string, i: number) => {
      const c = columns[Math.floor((i - 2) / 6)];
      return i >= 2 && c ? `${header} (${word} ${hijriDate(c.dateFrom)} – ${hijriDate(c.dateTo)})` : header;
    };
    const [plainHeader, ...plainRows] = csvRows(plainCsv.bytes);
    const [hijriHeader, ...hijriRows] = csvRows(hijriCsv.bytes);
    expect(hijriHeader).toEqual(plainHeader!.map(withRange('Hijri')));
    expect(hijriHeader![2]).toBe('2026-02-18 – 2026-03-31 · Opening debit (Hijri 1447-09-01 – 1447-10-12)');
    expect(hijriHeader![2 + 6]).toBe('2026-04-01 – 2026-06-16 · Opening debit (Hijri 1447-10-13 – 1448-01-01)');
    expect(hijriHeader![2 + 12]).toBe('Total · Opening debit');
    expect(hijriRows).toEqual(plainRows);
    expect(hijriCsv.headers.get('content-disposition')).toBe(plainCsv.headers.get('content-disposition'));
    const [plainSheet, hijriSheet] = [sheetValues(await xlsxSheet(plainXlsx.bytes)), sheetValues(await xlsxSheet(hijriXlsx.bytes))];
    expect(hijriSheet[0]).toEqual((plainSheet[0] as string[]).map(withRange('هجري')));
    expect(hijriSheet.slice(1)).toEqual(plainSheet.slice(1));
  });

  it('a general ledger and the journal list: a Hijri column beside each date column in CSV and XLSX, the ledger’s JSON its range', async () => {
    const { api, base, token, chart } = await exportBooks(gateway.url);
    await postedJournal(api, base, '2026-02-18', [debit(chart.cash.id, 10), credit(chart.sales.id, 10)]);
    await postedJournal(api, base, '2026-06-16', [debit(chart.rent.id, 5), credit(chart.cash.id, 5)]);
    const ledgerPath = `${base}/Reports/GeneralLedger?accountId=${chart.cash.id}&${RANGE}`;
    const journalsPath = `${base}/Journals?${RANGE}`;

    const [ledger, ledgerAsked, journals, journalsAsked] = await Promise.all([ok(api, ledgerPath), ok(api, `${ledgerPath}&hijri=true`), ok(api, journalsPath), ok(api, `${journalsPath}&hijri=true`)]);
    const [ledgerCsv, ledgerHijriCsv, ledgerHijriXlsx, journalsCsv, journalsHijriCsv] = await Promise.all([
      getFile(gateway.url(), token, `${ledgerPath}&format=csv`).then((f) => csvRows(f.bytes)),
      getFile(gateway.url(), token, `${ledgerPath}&format=csv&hijri=true`).then((f) => csvRows(f.bytes)),
      getFile(gateway.url(), token, `${ledgerPath}&format=xlsx&hijri=true`).then((f) => xlsxSheet(f.bytes)),
      getFile(gateway.url(), token, `${journalsPath}&format=csv&language=ar`).then((f) => csvRows(f.bytes)),
      getFile(gateway.url(), token, `${journalsPath}&format=csv&language=ar&hijri=true`).then((f) => csvRows(f.bytes)),
    ]);

    expect(ledgerAsked).toEqual({ ...ledger, hijri: { dateFrom: '1447-09-01', dateTo: '1448-01-01' } });
    expect(journalsAsked).toEqual(journals);
    const hijriOf = (text: string) => (text ? hijriDate(text.slice(0, 10)) : '');
    // Posting date and date are the ledger's first and third columns.
    expect(ledgerHijriCsv).toEqual([
      ['Posting date', 'Posting date (Hijri)', 'Serial number', 'Date', 'Date (Hijri)', ...ledgerCsv[0]!.slice(3)],
      ...ledgerCsv.slice(1).map((r) => [r[0]!, hijriOf(r[0]!), r[1]!, r[2]!, hijriOf(r[2]!), ...r.slice(3)]),
    ]);
    expect(ledgerHijriCsv.slice(2, -1).map((r) => [r[0], r[1], r[3], r[4]])).toEqual([
      ['2026-02-18', '1447-09-01', '2026-02-18T08:00:00Z', '1447-09-01'],
      ['2026-06-16', '1448-01-01', '2026-06-16T08:00:00Z', '1448-01-01'],
    ]);
    const [xlsxHeader, , ...xlsxLines] = sheetValues(ledgerHijriXlsx);
    expect(xlsxHeader!.slice(0, 5)).toEqual(['Posting date', 'Posting date (Hijri)', 'Serial number', 'Date', 'Date (Hijri)']);
    expect(xlsxLines.slice(0, -1).map((l) => [l[0], l[1], l[4]])).toEqual([
      [new Date('2026-02-18T00:00:00Z'), '1447-09-01', '1447-09-01'],
      [new Date('2026-06-16T00:00:00Z'), '1448-01-01', '1448-01-01'],
    ]);
    // The journal list: serial number, entry number, date, posting date first.
    expect(journalsHijriCsv).toEqual([
      ['الرقم التسلسلي', 'رقم القيد', 'التاريخ', 'التاريخ (هجري)', 'تاريخ الترحيل', 'تاريخ الترحيل (هجري)', ...journalsCsv[0]!.slice(4)],
      ...journalsCsv.slice(1).map((r) => [r[0]!, r[1]!, r[2]!, hijriOf(r[2]!), r[3]!, hijriOf(r[3]!), ...r.slice(4)]),
    ]);
    // Two lines a journal: 1 Ramadan, the books' 2 March (13 Ramadan), 1 Muharram.
    expect(journalsHijriCsv.slice(1).map((r) => r[5])).toEqual(['1447-09-01', '1447-09-01', '1447-09-13', '1447-09-13', '1448-01-01', '1448-01-01']);
  });
});
