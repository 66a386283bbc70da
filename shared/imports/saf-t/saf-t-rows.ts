import type { RowError, RowImportKind } from '../records.ts';
import { CLASSIFICATIONS } from '../../schemas/account-values.ts';
import { partyCounterpartyId } from '../ids.ts';
import { closingBalanceErrors, units } from './closing-balances.ts';
import { at, children, textAt } from '../../text/xml-elements.ts';

/**
 * A SAF-T Financial file as the rows of one import kind (pure), so that every promise of the
 * job machinery (dry run, modes, row errors, re-runs) holds as for a CSV file:
 * - accounts: each MasterFiles/GeneralLedgerAccounts/Account, its AccountID a path of codes
 *   (`1.11.1101`: the parents are category rows made from the path, named by their code);
 * - costCenters: each analysis id of the cost center analysis type (`CC`, else the table's first type);
 * - openingBalances: each account's OpeningDebitBalance or OpeningCreditBalance not zero;
 * - counterparties: each MasterFiles/Customers/Customer and Suppliers/Supplier, its partyId
 *   `customer:` or `supplier:` and its id (the two lists are two id spaces);
 * - journals: each Line of each Transaction (the transaction is the journal); a taxed line whose
 *   tax line names it (CrossReference) carries its TaxCode and tax, its tax line left to the books;
 *   a line's CustomerID or SupplierID (else its transaction's) names the counterparty that party became (ids.ts).
 * Each row keeps the XML path of each of its fields (`paths`), so an error names the element.
 */
/** A row as read-rows.ts's SourceRow (declared here so the reader, loaded from there, imports nothing back). */
export interface SafTRow {
  row: number;
  values: Record<string, string>;
  implied?: true | undefined;
}

export interface SafTRows {
  rows: SafTRow[];
  errors: RowError[];
  /** Per row, the element path of each field. */
  paths: Map<number, Record<string, string>>;
}

const ACCOUNTS = 'MasterFiles/GeneralLedgerAccounts/Account';

/** The company's tax codes the file's TaxCodes name, each to the path of its tax account (the account its tax lines post on). */
export type TaxAccounts = ReadonlyMap<string, string>;

/** The TaxCodes the file's lines name in their TaxInformation. */
export function fileTaxCodes(file: unknown): string[] {
  const codes = new Set<string>();
  for (const journal of children(at(file, 'GeneralLedgerEntries'), 'Journal')) {
    for (const transaction of children(journal, 'Transaction')) {
      for (const line of children(transaction, 'Line')) {
        const code = textAt(line, 'TaxInformation', 'TaxCode');
        if (code) codes.add(code);
      }
    }
  }
  return [...codes];
}

export function safTRows(kind: RowImportKind, file: Record<string, unknown>, taxAccounts: TaxAccounts = new Map()): SafTRows {
  const out: SafTRows = { rows: [], errors: [], paths: new Map() };
  const add = (values: Record<string, string | undefined>, paths: Record<string, string>, implied?: true) => {
    const row = out.rows.length + 1;
    out.rows.push({ row, values: Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== '')), ...(implied ? { implied } : {}) });
    out.paths.set(row, paths);
    return row;
  };
  if (kind === 'accounts') accountRows(file, add);
  else if (kind === 'costCenters') costCenterRows(file, add);
  else if (kind === 'openingBalances') openingRows(file, add);
  else if (kind === 'counterparties') partyRows(file, add);
  else if (kind === 'journals') journalRows(file, add, out, taxAccounts);
  else out.errors.push({ row: 0, field: 'kind', reason: `${kind} are not held by a SAF-T file`, code: 'ValidationError' });
  return out;
}

type Add = (values: Record<string, string | undefined>, paths: Record<string, string>, implied?: true) => number;

/** `English / Arabic` as the export writes a description; one text is both names. */
function names(description: string | undefined): { nameEnglish?: string | undefined; nameArabic?: string | undefined } {
  const [english, arabic] = (description ?? '').split(' / ');
  return { nameEnglish: english?.trim() || undefined, nameArabic: (arabic ?? english)?.trim() || undefined };
}

/** A path of codes split into its parent's path and its own code. */
function splitPath(id: string): { parentPath?: string | undefined; code: string } {
  const cut = id.lastIndexOf('.');
  return cut < 0 ? { code: id } : { parentPath: id.slice(0, cut), code: id.slice(cut + 1) };
}

/**
 * An account's classification: GroupingCategory where it names one (the export writes it so),
 * else by the standard account's (1.10, 1.20) or grouping code's first digits (the Norwegian standard chart, NS 4102: 1 assets,
 * 20 equity, 2 liabilities, 3 revenue, 4 to 8 expenses), else none (the row then needs a parent).
 */
export function classificationOf(account: unknown): string | undefined {
  const grouping = textAt(account, 'GroupingCategory')?.toLowerCase();
  if (grouping && isClassification(grouping)) return grouping;
  const standard = textAt(account, 'StandardAccountID') ?? textAt(account, 'GroupingCode') ?? textAt(account, 'AccountID');
  if (!standard || !/^\d/.test(standard)) return undefined;
  if (standard.startsWith('1')) return 'asset';
  if (standard.startsWith('20')) return 'equity';
  if (standard.startsWith('2')) return 'liability';
  if (standard.startsWith('3')) return 'revenue';
  return /^[4-8]/.test(standard) ? 'expense' : undefined;
}

/**
 * The codes an account keeps of the charts the file's system kept (accounts/standard-codes.ts):
 * its StandardAccountID (1.10, 1.20), and its GroupingCategory with GroupingCode (1.30) unless the
 * category is one of the classifications (the export writes those: the books' own, not kept).
 */
const isClassification = (text: string) => (CLASSIFICATIONS as readonly string[]).includes(text);

function outsideCodes(account: unknown): { standardAccountCode?: string | undefined; groupingCategory?: string | undefined; groupingCode?: string | undefined } {
  const category = textAt(account, 'GroupingCategory');
  const foreign = category !== undefined && !isClassification(category.toLowerCase());
  return { standardAccountCode: textAt(account, 'StandardAccountID'), ...(foreign ? { groupingCategory: category, groupingCode: textAt(account, 'GroupingCode') } : {}) };
}

function accountRows(file: unknown, add: Add): void {
  const accounts = children(at(file, 'MasterFiles', 'GeneralLedgerAccounts'), 'Account');
  const categories = new Map<string, { classification?: string | undefined; path: string }>();
  accounts.forEach((account, i) => {
    const path = `${ACCOUNTS}[${i + 1}]`;
    const id = textAt(account, 'AccountID') ?? '';
    const { parentPath, code } = splitPath(id);
    const classification = parentPath ? undefined : classificationOf(account);
    // Every ancestor of a dotted path is a category; the root takes its first leaf's classification.
    for (let p = parentPath; p; p = splitPath(p).parentPath) if (!categories.has(p)) categories.set(p, { classification: classificationOf(account), path: `${path}/AccountID` });
    const description = textAt(account, 'AccountDescription');
    add(
      { code, parentPath, type: 'leaf', ...names(description), classification, ...outsideCodes(account) },
      {
        code: `${path}/AccountID`,
        parentPath: `${path}/AccountID`,
        nameEnglish: `${path}/AccountDescription`,
        nameArabic: `${path}/AccountDescription`,
        classification: `${path}/GroupingCategory`,
        type: path,
        standardAccountCode: `${path}/StandardAccountID`,
        groupingCategory: `${path}/GroupingCategory`,
        groupingCode: `${path}/GroupingCode`,
      },
    );
  });
  for (const [id, category] of categories) {
    const { parentPath, code } = splitPath(id);
    add({ code, parentPath, type: 'category', nameEnglish: code, nameArabic: code, classification: parentPath ? undefined : category.classification }, { code: category.path, parentPath: category.path, classification: category.path }, true);
  }
}

/** The analysis type that holds cost centers: CC where the table has it, else its first type. */
export function costCenterType(file: unknown): string | undefined {
  const types = children(at(file, 'MasterFiles', 'AnalysisTypeTable'), 'AnalysisTypeTableEntry').map((e) => textAt(e, 'AnalysisType'));
  return types.includes('CC') ? 'CC' : types[0];
}

function costCenterRows(file: unknown, add: Add): void {
  const type = costCenterType(file);
  children(at(file, 'MasterFiles', 'AnalysisTypeTable'), 'AnalysisTypeTableEntry').forEach((entry, i) => {
    if (textAt(entry, 'AnalysisType') !== type) return;
    const path = `MasterFiles/AnalysisTypeTable/AnalysisTypeTableEntry[${i + 1}]`;
    const { parentPath, code } = splitPath(textAt(entry, 'AnalysisID') ?? '');
    const status = textAt(entry, 'Status');
    add(
      { code, parentPath, ...names(textAt(entry, 'AnalysisIDDescription')), active: status === undefined ? undefined : String(status !== 'Closed' && status !== 'Passive') },
      { code: `${path}/AnalysisID`, parentPath: `${path}/AnalysisID`, nameEnglish: `${path}/AnalysisIDDescription`, nameArabic: `${path}/AnalysisIDDescription`, active: `${path}/Status` },
    );
  });
}

/** A party's partyId: customers and suppliers are two lists, each its own ids. */
const partyIdOf = (role: 'customer' | 'supplier', id: string) => `${role}:${id}`;

function partyRows(file: unknown, add: Add): void {
  for (const [role, list, element, idElement] of [
    ['customer', 'Customers', 'Customer', 'CustomerID'],
    ['supplier', 'Suppliers', 'Supplier', 'SupplierID'],
  ] as const) {
    children(at(file, 'MasterFiles', list), element).forEach((party, i) => {
      const path = `MasterFiles/${list}/${element}[${i + 1}]`;
      const id = textAt(party, idElement);
      const status = textAt(party, 'PartyInfo', 'Status');
      add(
        { partyId: id === undefined ? undefined : partyIdOf(role, id), ...names(textAt(party, 'Name')), country: textAt(party, 'Address', 'Country'), taxRegistrationNumber: textAt(party, 'TaxRegistration', 'TaxRegistrationNumber'), active: status === undefined ? undefined : String(status !== 'Closed' && status !== 'Passive') },
        { partyId: `${path}/${idElement}`, nameEnglish: `${path}/Name`, nameArabic: `${path}/Name`, country: `${path}/Address/Country`, taxRegistrationNumber: `${path}/TaxRegistration/TaxRegistrationNumber`, active: `${path}/PartyInfo/Status` },
      );
    });
  }
}

/**
 * The counterparty a line names by its CustomerID or SupplierID, with the element; a line naming
 * none takes the one its transaction names (a party given once for the whole transaction).
 */
function lineParty(line: unknown, linePath: string, transaction: unknown, path: string): { id?: string | undefined; path: string } {
  return partyNamedBy(line, linePath) ?? partyNamedBy(transaction, path) ?? { path: `${linePath}/CustomerID` };
}

function partyNamedBy(element: unknown, path: string): { id: string; path: string } | undefined {
  const customer = textAt(element, 'CustomerID');
  if (customer !== undefined) return { id: partyCounterpartyId(partyIdOf('customer', customer)), path: `${path}/CustomerID` };
  const supplier = textAt(element, 'SupplierID');
  return supplier !== undefined ? { id: partyCounterpartyId(partyIdOf('supplier', supplier)), path: `${path}/SupplierID` } : undefined;
}

const isZero = (amount: string | undefined) => amount === undefined || /^-?0*(\.0*)?$/.test(amount);

function openingRows(file: unknown, add: Add): void {
  children(at(file, 'MasterFiles', 'GeneralLedgerAccounts'), 'Account').forEach((account, i) => {
    const path = `${ACCOUNTS}[${i + 1}]`;
    const debit = textAt(account, 'OpeningDebitBalance');
    const credit = textAt(account, 'OpeningCreditBalance');
    if (isZero(debit) && isZero(credit)) return;
    add({ accountPath: textAt(account, 'AccountID'), debit: isZero(debit) ? undefined : debit, credit: isZero(credit) ? undefined : credit }, { accountPath: `${path}/AccountID`, debit: `${path}/OpeningDebitBalance`, credit: `${path}/OpeningCreditBalance` });
  });
}

function journalRows(file: unknown, add: Add, out: SafTRows, taxAccounts: TaxAccounts): void {
  const type = costCenterType(file);
  const base = textAt(file, 'Header', 'DefaultCurrencyCode');
  const transactions = children(at(file, 'GeneralLedgerEntries'), 'Journal').flatMap((journal, j) =>
    children(journal, 'Transaction').map((transaction, t) => ({ transaction, path: `GeneralLedgerEntries/Journal[${j + 1}]/Transaction[${t + 1}]` })),
  );
  const referenceOf = references(transactions.map((t) => t.transaction));
  const movements: Array<{ accountId: string; row: number; debit?: string | undefined; credit?: string | undefined }> = [];
  transactions.forEach(({ transaction, path }, k) => {
    const lines = children(transaction, 'Line');
    const taxLines = taxLinesOf(lines, taxAccounts);
    const rowOfLine = new Map<number, number>();
    // Tax lines' amounts, counted on their taxed line's row once it is known (a tax line may come first).
    const pending: Array<{ accountId: string; taxOf: number; debit?: string | undefined; credit?: string | undefined }> = [];
    lines.forEach((line, l) => {
      const linePath = `${path}/Line[${l + 1}]`;
      const side = at(line, 'DebitAmount') !== undefined ? 'DebitAmount' : at(line, 'CreditAmount') !== undefined ? 'CreditAmount' : undefined;
      const accountId = textAt(line, 'AccountID');
      const taxOf = taxLines.get(l);
      if (taxOf !== undefined) {
        // A tax line of a taxed line: the books make it again from the taxed line's code; its amount still counts for the closing check.
        if (accountId && side) pending.push({ accountId, taxOf, [side === 'DebitAmount' ? 'debit' : 'credit']: textAt(line, side, 'Amount') });
        return;
      }
      const amountPath = `${linePath}/${side ?? 'DebitAmount'}`;
      const currency = side ? textAt(line, side, 'CurrencyCode') : undefined;
      const foreign = currency !== undefined && currency !== base;
      const analyses = children(line, 'Analysis').map((a, n) => ({ a, n })).filter(({ a }) => textAt(a, 'AnalysisType') === type);
      if (analyses.length > 1) out.errors.push({ row: out.rows.length + 1, field: `${linePath}/Analysis[${analyses[1]!.n + 1}]`, reason: `is a second analysis of type ${type} on one line; a line has one cost center`, code: 'ValidationError' });
      const analysis = analyses[0];
      const tax = [...taxLines.values()].includes(l) ? taxOfLine(line, foreign, linePath) : undefined;
      const party = lineParty(line, linePath, transaction, path);
      const row = add(
        {
          reference: referenceOf[k],
          date: textAt(transaction, 'TransactionDate'),
          postingDate: textAt(transaction, 'GLPostingDate'),
          description: textAt(transaction, 'Description') ?? textAt(line, 'Description'),
          accountPath: accountId,
          side: side === 'CreditAmount' ? 'credit' : side ? 'debit' : undefined,
          amount: side ? (foreign ? textAt(line, side, 'CurrencyAmount') : textAt(line, side, 'Amount')) : undefined,
          currency: foreign ? currency : undefined,
          exchangeRate: foreign ? textAt(line, side!, 'ExchangeRate') : undefined,
          costCenterPath: analysis ? textAt(analysis.a, 'AnalysisID') : undefined,
          taxCode: tax?.code,
          taxAmount: tax?.amount,
          counterpartyId: party.id,
        },
        {
          reference: textAt(line, 'SourceDocumentID') === referenceOf[k] ? `${linePath}/SourceDocumentID` : `${path}/TransactionID`,
          date: `${path}/TransactionDate`,
          postingDate: `${path}/GLPostingDate`,
          description: `${path}/Description`,
          accountPath: `${linePath}/AccountID`,
          side: linePath,
          amount: `${amountPath}/${foreign ? 'CurrencyAmount' : 'Amount'}`,
          currency: `${amountPath}/CurrencyCode`,
          exchangeRate: `${amountPath}/ExchangeRate`,
          costCenterPath: analysis ? `${linePath}/Analysis[${analysis.n + 1}]/AnalysisID` : `${linePath}/Analysis`,
          taxCode: tax?.codePath ?? `${linePath}/TaxInformation`,
          taxAmount: tax?.amountPath ?? `${linePath}/TaxInformation`,
          counterpartyId: party.path,
        },
      );
      rowOfLine.set(l, row);
      if (accountId && side) movements.push({ accountId, row, [side === 'DebitAmount' ? 'debit' : 'credit']: textAt(line, side, 'Amount') });
    });
    for (const { taxOf, ...movement } of pending) movements.push({ ...movement, row: rowOfLine.get(taxOf)! });
  });
  out.errors.push(...closingBalanceErrors(children(at(file, 'MasterFiles', 'GeneralLedgerAccounts'), 'Account'), movements));
}

/**
 * The tax lines of a transaction, by line index, each to the index of the line whose tax it is:
 * - a line whose CrossReference names the RecordID of a line with TaxInformation (as the export
 *   writes them);
 * - else, for a line with TaxInformation no line names (the standard's own example files), the
 *   first line without TaxInformation, not already a tax line, on the tax's side with the tax's
 *   amount, on the tax account of the company's code of that TaxCode (`taxAccounts`): the file's
 *   code mapped to the company's by the same code and its account.
 * Only such pairs carry tax into the books; a file's tax lines without one stay ordinary lines.
 */
function taxLinesOf(lines: readonly unknown[], taxAccounts: TaxAccounts): Map<number, number> {
  const taxed = new Map<string, number>();
  lines.forEach((line, l) => {
    const record = textAt(line, 'RecordID');
    if (record && textAt(line, 'TaxInformation', 'TaxCode')) taxed.set(record, l);
  });
  const pairs = new Map<number, number>();
  lines.forEach((line, l) => {
    const of = taxed.get(textAt(line, 'CrossReference') ?? '');
    if (of !== undefined && of !== l) pairs.set(l, of);
  });
  const named = new Set(pairs.values());
  lines.forEach((line, l) => {
    const code = textAt(line, 'TaxInformation', 'TaxCode');
    const account = code === undefined ? undefined : taxAccounts.get(code);
    if (account === undefined || named.has(l)) return;
    const side = at(line, 'TaxInformation', 'DebitTaxAmount') !== undefined ? 'DebitTaxAmount' : 'CreditTaxAmount';
    const tax = units(textAt(line, 'TaxInformation', side, 'Amount'));
    if (tax === undefined || tax === 0n) return;
    const lineSide = side === 'DebitTaxAmount' ? 'DebitAmount' : 'CreditAmount';
    const taxLine = lines.findIndex((other, o) => o !== l && !pairs.has(o) && !named.has(o) && at(other, 'TaxInformation') === undefined && textAt(other, 'AccountID') === account && units(textAt(other, lineSide, 'Amount')) === tax);
    if (taxLine < 0) return;
    pairs.set(taxLine, l);
    named.add(l);
  });
  return pairs;
}

/** A taxed line's code and tax (in the line's currency for a foreign line), with their elements. */
function taxOfLine(line: unknown, foreign: boolean, linePath: string) {
  const side = at(line, 'TaxInformation', 'DebitTaxAmount') !== undefined ? 'DebitTaxAmount' : 'CreditTaxAmount';
  const which = foreign && textAt(line, 'TaxInformation', side, 'CurrencyAmount') !== undefined ? 'CurrencyAmount' : 'Amount';
  return {
    code: textAt(line, 'TaxInformation', 'TaxCode'),
    amount: textAt(line, 'TaxInformation', side, which),
    codePath: `${linePath}/TaxInformation[1]/TaxCode`,
    amountPath: `${linePath}/TaxInformation[1]/${side}/${which}`,
  };
}

/**
 * Each transaction's journal reference: the SourceDocumentID all its lines give (the export
 * writes the journal's reference there) when no other transaction of the file gives it too,
 * else its TransactionID (a reference that names two transactions would join them in one journal).
 */
function references(transactions: readonly unknown[]): Array<string | undefined> {
  const shared = transactions.map((t) => {
    const ids = new Set(children(t, 'Line').map((l) => textAt(l, 'SourceDocumentID')));
    const [only] = ids;
    return ids.size === 1 ? only : undefined;
  });
  const uses = new Map<string, number>();
  for (const id of shared) if (id) uses.set(id, (uses.get(id) ?? 0) + 1);
  return transactions.map((t, k) => {
    const id = shared[k];
    return id && uses.get(id) === 1 ? id : textAt(t, 'TransactionID');
  });
}
