import type { GeneralLedgerLine, WholeGeneralLedger } from '../../reports/general-ledger.ts';
import { label, type Label } from '../labels.ts';
import { columnHeaders, lineNames, type NamesShown } from '../names-shown.ts';
import { amount, fileNamePart, type Language, type ReportTable, type TableRow } from '../table.ts';

const AFTER_NAMES: Array<[Label, number]> = [['debit', 16], ['credit', 16], ['balance', 16], ['currency', 9], ['currencyAmount', 16], ['exchangeRate', 12]];

/**
 * An account statement as a table: the opening balance, every line of the range in ledger
 * order with its running balance (debit or credit in the company currency; the line's own
 * currency, amount and rate beside), and the closing balance. The lines are the statement's
 * stream: the table maps them as the renderer pulls them.
 */
export function generalLedgerTable(ledger: WholeGeneralLedger, costCenterPaths: ReadonlyMap<string, string>, shown: NamesShown, language: Language): ReportTable {
  const { fields } = ledger;
  const names = lineNames(shown, { accounts: ledger.accounts, costCenterPaths }, language);
  // The opening and closing labels stand in the last account column (the name, or the id).
  const nameBlanks = names.accountColumns.map(() => '');
  const balanceRow = (text: string, balance: string): TableRow => ({ cells: ['', null, null, ...nameBlanks.slice(1), text, '', '', '', null, null, amount(balance), fields.currency, null, null], bold: true });
  const lineRow = (line: GeneralLedgerLine): TableRow => {
    return {
      cells: [
        { date: line.postingDate }, line.serialNumber, line.date, ...names.account(line.accountId), line.description ?? '', line.reference ?? '',
        names.costCenter(line.costCenterId),
        line.side === 1 ? amount(line.baseAmount) : null, line.side === 2 ? amount(line.baseAmount) : null, amount(line.balance),
        line.currency, amount(line.amount), line.exchangeRate,
      ],
      date: line.postingDate,
    };
  };
  async function* rows(): AsyncGenerator<TableRow> {
    yield balanceRow(label('openingBalance', language), fields.openingBalance);
    // The closing row is the last line's running balance: lines posted while the file is read are in it, so it never contradicts them.
    let closing = fields.openingBalance;
    for await (const line of ledger.lines) {
      closing = line.balance;
      yield lineRow(line);
    }
    yield balanceRow(label('closingBalance', language), closing);
  }
  return {
    sheet: label('generalLedger', language),
    fileName: `general-ledger_${fileNamePart(fields.account.code)}_${fields.dateFrom}_${fields.dateTo}`,
    rightToLeft: language === 'ar',
    columns: columnHeaders([['postingDate', 12], ['serialNumber', 10], ['date', 24], ...names.accountColumns, ['description', 40], ['reference', 16], names.costCenterColumn, ...AFTER_NAMES], language),
    rows: rows(),
  };
}
