import { NotFound } from '../errors.ts';
import type { TaxLedgerRow } from '../journals/ledger-entries.ts';
import { fromMils, toMils } from '../money/mils.ts';
import type { Page } from '../schemas/list-query.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { checkReportRange } from './report-range.ts';
import type { TaxDetailInput } from './schemas.ts';
import { whileBooksSteady } from './steady-books.ts';
import type { TaxDetailReads } from './store.ts';

export type TaxDetailRow = ResponseOf<'TaxDetailRowResponse'>;

/**
 * The VAT return's working paper: every taxed line posted in the range, a page at a time in
 * ledger order (posting date, serial number, line), read from the tax ledger the postings keep
 * beside their ledger entries (no journal is read). Each row names its journal, account,
 * counterparty and code, the rate and boxes the line was written with, and its amounts without
 * tax and its tax, in its currency and in the company's, signed as the return counts them (a
 * line on its code's own side adds, a credit note takes off): a box's rows sum to the box.
 * Errors: ValidationError (InvalidRange, RangeTooLong, NoFinancialYear, InvalidCursor), BooksInMotion.
 */
export function taxDetail(books: TaxDetailReads, companyId: string, query: TaxDetailInput): Promise<Page<TaxDetailRow>> {
  return whileBooksSteady(books, companyId, async () => {
    const [settings, years] = await Promise.all([books.settings(companyId), books.years(companyId)]);
    if (!settings) NotFound.throw('The company settings');
    checkReportRange(query.dateFrom, query.dateTo, years);
    const binding = { companyId, endpoint: 'reports.taxDetail', orderBy: 'PostingDate', orderAsc: true, filters: { dateFrom: query.dateFrom, dateTo: query.dateTo } };
    const after = query.page ? ((await books.decodePlace(binding, query.page)) as { position: string; line: number }) : undefined;
    const rows = await books.taxLedgerRows(companyId, { from: query.dateFrom, to: query.dateTo }, after, query.pageSize + 1);
    const shown = rows.slice(0, query.pageSize);
    const last = shown.at(-1);
    return {
      currentPage: query.page ?? null,
      results: shown.map((r) => taxDetailRow(r, settings.baseCurrency, settings.decimalPrecision)),
      nextPage: rows.length > query.pageSize && last ? await books.encodePlace(binding, { position: last.position, line: last.line }) : null,
    };
  });
}

const signed = (text: string, sign: 1 | -1) => (sign === 1 || /^0+(\.0+)?$/.test(text) ? text : `-${text}`);

function taxDetailRow(r: TaxLedgerRow, baseCurrency: string, basePrecision: number): TaxDetailRow {
  const sign = r.side === (r.tax.direction === 'supplies' ? 2 : 1) ? 1 : -1;
  return {
    journalId: r.journalId,
    serialNumber: r.serialNumber,
    date: r.date,
    postingDate: r.postingDate,
    reference: r.reference,
    description: r.description,
    line: r.line,
    accountId: r.accountId,
    counterpartyId: r.counterpartyId ?? null,
    side: r.side,
    taxCode: r.tax.code,
    taxCodeId: r.tax.taxCodeId,
    kind: r.tax.kind,
    direction: r.tax.direction,
    percent: r.tax.percent,
    emirate: r.tax.emirate ?? null,
    baseBoxes: r.tax.baseBoxes,
    taxBoxes: r.tax.taxBoxes,
    currency: r.currency ?? baseCurrency,
    exchangeRate: r.foreign?.exchangeRate ?? '1',
    amount: signed(r.foreign?.amount ?? r.amount, sign),
    taxAmount: signed(r.tax.taxAmount, sign),
    baseAmount: signed(r.amount, sign),
    // A line without tax lines has its tax base kept as a bare 0: written at the company's precision, as its other amounts are.
    baseTaxAmount: signed(fromMils(toMils(r.taxBase), basePrecision), sign),
  };
}
