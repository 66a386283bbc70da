import type { GeneralLedgerLine, WholeGeneralLedger } from '../../reports/general-ledger.ts';
import { label, type Label } from '../labels.ts';
import { amount, fileNamePart, nameIn, type Language, type ReportTable, type TableRow } from '../table.ts';

const COLUMNS: Array<[Label, number]> = [
  ['postingDate', 12], ['serialNumber', 10], ['date', 24], ['code', 12], ['account', 32], ['description', 40], ['reference', 16], ['costCenter', 14],
  ['debit', 16], ['credit', 16], ['balance', 16], ['currency', 9], ['currencyAmount', 16], ['exchangeRate', 12],
];

/**
 * An account statement as a table: the opening balance, every line of the range in ledger
 * order with its running balance (debit or credit in the company currency; the line's own
 * currency, amount and rate beside), and the closing balance. The lines are the statement's
 * stream: the table maps them as the renderer pulls them.
 */
export function generalLedgerTable(ledger: WholeGeneralLedger, costCenterPaths: ReadonlyMap<string, string>, language: Language): ReportTable {
  const { fields } = ledger;
  const balanceRow = (text: string, balance: string): TableRow => ({ cells: ['', null, null, '', text, '', '', '', null, null, amount(balance), fields.currency, null, null], bold: true });
  const lineRow = (line: GeneralLedgerLine): TableRow => {
    const account = ledger.accounts.get(line.accountId);
    return {
      cells: [
        { date: line.postingDate }, line.serialNumber, line.date, account?.code ?? '', account ? nameIn(account.name, language) : '', line.description ?? '', line.reference ?? '',
        line.costCenterId ? (costCenterPaths.get(line.costCenterId) ?? '') : '',
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
    columns: COLUMNS.map(([name, width]) => ({ header: label(name, language), width })),
    rows: rows(),
  };
}
