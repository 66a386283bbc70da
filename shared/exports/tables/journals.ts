import { completedApproval, unpostedJournal } from '../../journals/rules.ts';
import type { ActorRef } from '../../auth/actor.ts';
import type { JournalRecord } from '../../journals/records.ts';
import { formatTotal } from '../../money/amount.ts';
import { minorUnits } from '../../money/currencies.ts';
import { toMils } from '../../money/mils.ts';
import type { Chart } from '../../reports/account-tree.ts';
import { label, type Label } from '../labels.ts';
import { columnHeaders, lineNames, type NamesShown } from '../names-shown.ts';
import { amount, fileNamePart, type Language, type ReportTable, type TableRow } from '../table.ts';

const BEFORE_NAMES: Array<[Label, number]> = [['serialNumber', 10], ['entryNumber', 10], ['date', 24], ['postingDate', 12], ['status', 10], ['description', 40], ['reference', 16], ['line', 6]];
const AFTER_NAMES: Array<[Label, number]> = [['debit', 16], ['credit', 16], ['currency', 9], ['currencyAmount', 16], ['exchangeRate', 12]];
/** A line's tax and counterparty, as the journal's JSON shows them to whoever reads journals. */
const TAX_NAMES: Array<[Label, number]> = [['taxCode', 10], ['taxAmount', 14], ['emirate', 8], ['taxOf', 8], ['counterpartyId', 38]];
/** Who created, approved and posted the journal, as `user:<id>` or `apiKey:<id>` (the JSON's createdBy, approvedBy, postedBy). */
const WHO_NAMES: Array<[Label, number]> = [['createdBy', 44], ['approvedBy', 44], ['postedBy', 44]];
const who = (actor: ActorRef | undefined) => (actor ? `${actor.type}:${actor.id}` : '');

/** What names a journal line's account and cost center (as far as `shown` lets it), and the company currency's precision. */
export interface JournalBooks {
  chart: Chart;
  costCenterPaths: ReadonlyMap<string, string>;
  currency: string;
  precision: number;
  shown: NamesShown;
}

/**
 * Journals as a table: one row per line, the journal's fields repeated on each (its entry number
 * empty until the sequencer gave it one: audit/entry-numbers.ts), debit or credit
 * in the company currency, the line's own currency, amount and rate beside, then its tax as the
 * JSON's `tax` has it (code, the tax in the line's currency, Emirate), the line number of the
 * taxed line a tax line posts the tax of (the JSON's `taxOf`, counted from 1 as the file's lines
 * are) and its counterparty's id, then who created, approved and posted the journal. A taxed line's amount is without its tax, as in the JSON. The
 * journals are the list's stream: the table maps them as the renderer pulls them.
 */
export function journalsTable(journals: AsyncIterable<JournalRecord>, books: JournalBooks, range: { dateFrom?: string | undefined; dateTo?: string | undefined }, language: Language): ReportTable {
  const base = (text: string) => amount(formatTotal(toMils(text), books.precision));
  const names = lineNames(books.shown, { accounts: books.chart, costCenterPaths: books.costCenterPaths }, language);
  async function* rows(): AsyncGenerator<TableRow> {
    for await (const j of journals) {
      const posting = unpostedJournal(j) ? undefined : j.postingDate;
      const approvedBy = completedApproval(j)?.by;
      for (const [i, line] of j.entries.entries()) {
        const currency = line.currency ?? books.currency;
        const inCurrency = (text: string) => amount(formatTotal(toMils(text), line.foreign ? minorUnits(currency) : books.precision));
        yield {
          cells: [
            j.serialNumber, j.entryNumber ?? null, j.date, posting ? { date: posting } : null, j.status, j.description ?? '', j.reference ?? '', i + 1,
            ...names.account(line.accountId), names.costCenter(line.costCenterId),
            line.side === 1 ? base(line.amount) : null, line.side === 2 ? base(line.amount) : null,
            currency, inCurrency(line.foreign?.amount ?? line.amount), line.foreign?.exchangeRate ?? '1',
            line.tax?.code ?? '', line.tax ? inCurrency(line.tax.taxAmount) : null, line.tax?.emirate ?? '', line.taxOf === undefined ? null : line.taxOf + 1, line.counterpartyId ?? '',
            who(j.createdBy), who(approvedBy), who(j.postedBy),
          ],
          date: j.calendarDate,
        };
      }
    }
  }
  return {
    sheet: label('journals', language),
    fileName: ['journals', ...(range.dateFrom ? [fileNamePart(range.dateFrom)] : []), ...(range.dateTo ? [fileNamePart(range.dateTo)] : [])].join('_'),
    rightToLeft: language === 'ar',
    columns: columnHeaders([...BEFORE_NAMES, ...names.accountColumns, names.costCenterColumn, ...AFTER_NAMES, ...TAX_NAMES, ...WHO_NAMES], language),
    rows: rows(),
  };
}
