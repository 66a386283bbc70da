import { TOTAL_GROUP } from '../balances/records.ts';
import type { CounterpartyRecord } from '../counterparties/records.ts';
import { StateConflict } from '../errors.ts';
import type { FileChoice } from '../exports/answer.ts';
import { ByteSink } from '../exports/byte-sink.ts';
import { writeCsvRecords } from '../exports/csv.ts';
import { FileBody } from '../exports/file-body.ts';
import { MEDIA_TYPES } from '../exports/formats.ts';
import type { ExportLimits } from '../exports/limits.ts';
import { RowLimits } from '../exports/row-limits.ts';
import { amount, type Cell, type TableRow } from '../exports/table.ts';
import { sortsBefore, type TaxLedgerRow } from '../journals/ledger-entries.ts';
import { calendarDate, DEBIT } from '../journals/rules.ts';
import type { TaxDirection } from '../tax-codes/records.ts';
import { formatTotal } from '../money/amount.ts';
import { minorUnits } from '../money/currencies.ts';
import { toMils } from '../money/mils.ts';
import { balancesThrough, dayBefore, net } from './figures.ts';
import { reportContext, type ReportContext } from './report-context.ts';
import { checkReportRange } from './report-range.ts';
import type { FtaAuditFileInput } from './schemas.ts';
import { whileBooksSteady } from './steady-books.ts';
import type { FtaAuditFileReads } from './store.ts';

/**
 * The FTA Audit File (FAF) of a UAE company: the CSV file the UAE Federal Tax Authority asks of
 * accounting software (its "Requirements Document for Tax Accounting Software", Appendix 5; see
 * docs/decisions.md, "The FTA audit file"). Four sections, each between its start and end
 * markers: the company's information, the purchase listing and the supply listing (one row per
 * taxed line, from the tax ledger) and the general ledger (every posted line, from the accounts'
 * ledgers, with each account's running balance), the three last with their totals.
 */
export const FAF_VERSION = 'FAFv1.0.0';
/** The software and its version, as the company information names them. */
const PRODUCT_VERSION = 'Ledger API v1';
/** ISO 4217's code for "no currency": the foreign-currency code of a line in the company's currency. */
const NO_CURRENCY = 'XXX';
/** What the general ledger names as every line's source: the service keeps journals only. */
const SOURCE_TYPE = 'Journal';
/** Taxed lines whose counterparties are read in one batch. */
const PARTY_BATCH = 100;
/** Counterparties kept for the file at most; past it the cache starts again (a company's few thousand parties fit). */
const PARTY_CACHE = 10_000;

/** Each section's markers and column names, as Appendix 5 spells them. */
export const FAF_LAYOUT = {
  company: { start: 'CompInfoStart', end: 'CompInfoEnd', columns: ['TaxablePersonNameEn', 'TaxablePersonNameAr', 'TRN', 'TaxAgencyName', 'TAN', 'TaxAgentName', 'TAAN', 'PeriodStart', 'PeriodEnd', 'FAFCreationDate', 'ProductVersion', 'FAFVersion'] },
  purchases: {
    start: 'PurcDataStart',
    end: 'PurcDataEnd',
    columns: ['SupplierName', 'SupplierTRN', 'InvoiceDate', 'InvoiceNo', 'PermitNo', 'TransactionID', 'LineNo', 'ProductDescription', 'PurchaseValueAED', 'VATValueAED', 'TaxCode', 'FCYCode', 'PurchaseFCY', 'VATFCY'],
    totals: ['PurchaseTotalAED', 'VATTotalAED', 'TransactionCountTotal'],
  },
  supplies: {
    start: 'SuppDataStart',
    end: 'SuppDataEnd',
    columns: ['CustomerName', 'CustomerTRN', 'InvoiceDate', 'InvoiceNo', 'TransactionID', 'LineNo', 'ProductDescription', 'SupplyValueAED', 'VATValueAED', 'TaxCode', 'Country', 'FCYCode', 'SupplyFCY', 'VATFCY'],
    totals: ['SupplyTotalAED', 'VATTotalAED', 'TransactionCountTotal'],
  },
  ledger: {
    start: 'GLDataStart',
    end: 'GLDataEnd',
    columns: ['TransactionDate', 'AccountID', 'AccountName', 'TransactionDescription', 'Name', 'TransactionID', 'SourceDocumentID', 'SourceType', 'Debit', 'Credit', 'Balance'],
    totals: ['TotalDebit', 'TotalCredit', 'TransactionCountTotal', 'GLTCurrency'],
  },
} as const;

/** A listing's totals: its lines' amounts without tax and their tax (base currency, signed as the VAT return counts them), and its rows. */
export interface ListingTotals {
  amount: string;
  tax: string;
  count: number;
}

/** The file's totals, as its totals rows give them. */
export interface FafTotals {
  purchases: ListingTotals;
  supplies: ListingTotals;
  ledger: { debit: string; credit: string; count: number; currency: string };
}

/** What the file may name beyond the ids the caller's JSON shows (exports/names-shown.ts): the counterparties' names, numbers and countries need counterparties:read. */
export interface FafShown {
  counterparties: boolean;
}

/**
 * The FTA audit file of a UAE company for a range of posting dates, as a CSV file written as it
 * is read (the tax ledger and the accounts' ledgers streamed, the counterparties read a batch at
 * a time), within the export limits. Never read while a wide posting runs (steady-books.ts).
 * Errors: StateConflict (NoTaxJurisdiction: the company is registered elsewhere or nowhere),
 * ValidationError (InvalidRange, RangeTooLong, NoFinancialYear), BooksInMotion, ExportTooLarge.
 */
export function ftaAuditFile(books: FtaAuditFileReads, companyId: string, query: FtaAuditFileInput, choice: FileChoice): Promise<FileBody> {
  return whileBooksSteady(books, companyId, async () => {
    const sink = new ByteSink(choice.limits.bytes);
    await writeFtaAuditFile(books, companyId, query, sink, choice.limits, { counterparties: choice.permissions.includes('counterparties:read') });
    return new FileBody(sink.contents(), `${MEDIA_TYPES.csv}; charset=utf-8`, `fta-audit-file_${query.dateFrom}_${query.dateTo}.csv`);
  });
}

/**
 * Writes the file into `sink` within `limits` (the bench passes a sink that only counts, with no
 * cap) and answers its totals. Errors: those of ftaAuditFile but BooksInMotion.
 */
export async function writeFtaAuditFile(books: FtaAuditFileReads, companyId: string, query: FtaAuditFileInput, sink: ByteSink, limits: ExportLimits, shown: FafShown): Promise<FafTotals> {
  const [ctx, settings, name] = await Promise.all([reportContext(books, companyId), books.settings(companyId), books.companyName(companyId)]);
  if (settings?.taxJurisdiction !== 'AE') {
    const held = settings?.taxJurisdiction ? `is ${settings.taxJurisdiction}` : 'is not set';
    throw new StateConflict('NoTaxJurisdiction', `The FTA audit file is a UAE company's, and the company's taxJurisdiction ${held}: it must be AE (PUT .../Settings).`, 'taxJurisdiction');
  }
  checkReportRange(query.dateFrom, query.dateTo, ctx.years);
  const file = new FafWriter(books, companyId, ctx, { from: query.dateFrom, to: query.dateTo }, shown);
  const rows = async function* (): AsyncGenerator<TableRow> {
    yield* section(FAF_LAYOUT.company, [{ cells: [name ?? '', '', settings.taxRegistrationNumber ?? '', '', '', '', '', fafDate(query.dateFrom), fafDate(query.dateTo), fafDate(new Date().toISOString().slice(0, 10)), PRODUCT_VERSION, FAF_VERSION] }]);
    yield* section(FAF_LAYOUT.purchases, file.listing('purchases'), () => listingTotals(file.totals.purchases));
    yield* section(FAF_LAYOUT.supplies, file.listing('supplies'), () => listingTotals(file.totals.supplies));
    yield* section(FAF_LAYOUT.ledger, file.ledger(), () => {
      const t = file.totals.ledger;
      return [amount(t.debit), amount(t.credit), t.count, t.currency];
    });
  };
  await writeCsvRecords(rows(), sink, new RowLimits(sink, limits, query.dateFrom));
  return file.totals;
}

/**
 * A section: its start marker, its column names, its rows, then (for a listing or the ledger) a
 * row naming its totals after its end marker and the row of the totals under those names, the
 * end marker first again; the company information ends with its end marker alone.
 */
async function* section(layout: { start: string; end: string; columns: readonly string[]; totals?: readonly string[] }, rows: Iterable<TableRow> | AsyncIterable<TableRow>, totals?: () => Cell[]): AsyncGenerator<TableRow> {
  yield { cells: [layout.start] };
  yield { cells: [...layout.columns] };
  yield* rows;
  if (!layout.totals || !totals) {
    yield { cells: [layout.end] };
    return;
  }
  yield { cells: [layout.end, ...layout.totals] };
  yield { cells: [layout.end, ...totals()] };
}

const listingTotals = (t: ListingTotals): Cell[] => [amount(t.amount), amount(t.tax), t.count];

/** A date as the FTA's files write it: DD-MM-YYYY. */
const fafDate = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/** The rows of the listings and the ledger, read as they are written, and the totals they add up to. */
class FafWriter {
  readonly totals: FafTotals;
  private readonly parties = new Map<string, CounterpartyRecord | null>();
  private readonly fixed: (mils: bigint) => string;

  constructor(
    private readonly books: FtaAuditFileReads,
    private readonly companyId: string,
    private readonly ctx: ReportContext,
    private readonly range: { from: string; to: string },
    private readonly shown: FafShown,
  ) {
    this.fixed = (mils) => formatTotal(mils, ctx.precision);
    const none = { amount: this.fixed(0n), tax: this.fixed(0n), count: 0 };
    this.totals = { purchases: { ...none }, supplies: { ...none }, ledger: { debit: this.fixed(0n), credit: this.fixed(0n), count: 0, currency: ctx.currency } };
  }

  /**
   * One row per taxed line of codes of `direction`, in ledger order, with its counterparty's
   * name, TRN (and for a supply its country); amounts in base and, for a foreign line, in its
   * currency, signed as the tax detail and the VAT return sign them (a line on its code's own
   * side adds, a credit note takes off).
   */
  async *listing(direction: TaxDirection): AsyncGenerator<TableRow> {
    let total = 0n;
    let tax = 0n;
    let count = 0;
    for await (const line of this.withParties(direction)) {
      const sign = line.side === (direction === 'supplies' ? 2 : 1) ? 1n : -1n;
      const base = sign * toMils(line.amount);
      const baseTax = sign * toMils(line.taxBase);
      total += base;
      tax += baseTax;
      count += 1;
      const party = line.counterpartyId ? this.parties.get(line.counterpartyId) : undefined;
      const partyName = this.shown.counterparties ? (party?.name.english ?? '') : (line.counterpartyId ?? '');
      const trn = this.shown.counterparties ? (party?.taxRegistrationNumber ?? '') : '';
      const invoice: Cell[] = [partyName, trn, fafDate(calendarDate(line.date)), line.reference ?? ''];
      const detail: Cell[] = [line.serialNumber, line.line + 1, line.description ?? '', amount(this.fixed(base)), amount(this.fixed(baseTax)), line.tax.code];
      const cells =
        direction === 'purchases'
          ? [...invoice, '', ...detail, ...this.inCurrency(line, sign)]
          : [...invoice, ...detail, this.shown.counterparties ? (party?.country ?? '') : '', ...this.inCurrency(line, sign)];
      yield { cells, date: line.postingDate };
    }
    this.totals[direction] = { amount: this.fixed(total), tax: this.fixed(tax), count };
  }

  /** FCYCode and the amounts in it: a foreign line's currency, its amount without tax and its tax; XXX and zeros for a line in the company's currency. */
  private inCurrency(line: TaxLedgerRow, sign: bigint): Cell[] {
    if (!line.foreign || !line.currency || line.currency === this.ctx.currency) return [NO_CURRENCY, amount(this.fixed(0n)), amount(this.fixed(0n))];
    const units = minorUnits(line.currency);
    return [line.currency, amount(formatTotal(sign * toMils(line.foreign.amount), units)), amount(formatTotal(sign * toMils(line.tax.taxAmount), units))];
  }

  /** The taxed lines of codes of `direction`, each batch's counterparties read (those not read before) before its lines are handed on. */
  private async *withParties(direction: TaxDirection): AsyncGenerator<TaxLedgerRow> {
    let batch: TaxLedgerRow[] = [];
    for await (const line of this.books.taxLedger(this.companyId, this.range)) {
      if (line.tax.direction !== direction) continue;
      batch.push(line);
      if (batch.length < PARTY_BATCH) continue;
      await this.readParties(batch);
      yield* batch;
      batch = [];
    }
    await this.readParties(batch);
    yield* batch;
  }

  private async readParties(lines: readonly TaxLedgerRow[]): Promise<void> {
    if (!this.shown.counterparties) return;
    if (this.parties.size > PARTY_CACHE) this.parties.clear();
    const missing = [...new Set(lines.flatMap((l) => (l.counterpartyId && !this.parties.has(l.counterpartyId) ? [l.counterpartyId] : [])))];
    if (missing.length === 0) return;
    const found = await this.books.counterparties(this.companyId, missing);
    for (const id of missing) this.parties.set(id, null);
    for (const party of found) this.parties.set(party.counterpartyId, party);
  }

  /**
   * Every posted line of the range on every leaf account, in ledger order (posting date, serial
   * number, journal, account, line), with its account's balance after it: the account's opening
   * balance (everything posted before the range) plus its lines so far, debit positive.
   */
  async *ledger(): AsyncGenerator<TableRow> {
    const leaves = [...this.ctx.chart.values()].filter((a) => a.type === 'leaf');
    const opening = (await balancesThrough(this.companyId, this.ctx, dayBefore(this.range.from), { kind: 'total' })).get(TOTAL_GROUP);
    const balances = new Map<string, bigint>();
    let debit = 0n;
    let credit = 0n;
    let count = 0;
    const zero = amount(this.fixed(0n));
    for await (const line of this.books.mergedLines(this.companyId, leaves.map((a) => a.id), this.range, () => true, sortsBefore)) {
      const account = this.ctx.chart.get(line.accountId)!;
      const mils = toMils(line.amount);
      const balance = (balances.get(line.accountId) ?? net(opening?.get(line.accountId))) + (line.side === DEBIT ? mils : -mils);
      balances.set(line.accountId, balance);
      if (line.side === DEBIT) debit += mils;
      else credit += mils;
      count += 1;
      const money = amount(this.fixed(mils));
      yield {
        cells: [
          fafDate(line.postingDate), account.path, account.name.english, line.description ?? '', '', line.serialNumber, line.reference ?? '', SOURCE_TYPE,
          line.side === DEBIT ? money : zero, line.side === DEBIT ? zero : money, amount(this.fixed(balance)),
        ],
        date: line.postingDate,
      };
    }
    this.totals.ledger = { debit: this.fixed(debit), credit: this.fixed(credit), count, currency: this.ctx.currency };
  }
}
