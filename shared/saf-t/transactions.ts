import { journalNumberText } from '../audit/entry-numbers.ts';
import { element, leaf, type Xml } from '../exports/xml.ts';
import type { PostedJournal, ReversedJournal } from '../journals/records.ts';
import { CREDIT, taxBases, type Line } from '../journals/rules.ts';
import { toMils } from '../money/mils.ts';
import type { SafTNaming } from './naming.ts';
import { compactId, exchangeRate, fitsMonetary, fitted, monetary, partyRoles, TEXT, transactionType, type PartyRole } from './rules.ts';

/**
 * A posted journal as a SAF-T Transaction, pure: its entry number (audit/entry-numbers.ts), period, dates, kind,
 * description and who entered it, then each of its lines in the journal's order with its account,
 * cost center (as the analysis), counterparty (as customer or supplier), amount in the company's
 * currency and, for a foreign line, in its own, and a taxed line's tax. Elements in the order the
 * schema's sequence fixes; optional ones left out where the books have no value.
 */

/** The analysis type a line's cost center is given under (AnalysisTypeTable: master-files.ts). */
export const COST_CENTER_ANALYSIS = 'CC';

export type PostingJournal = PostedJournal | ReversedJournal;

/** The transaction's XML; the journal's period must be one of the naming's (a journal whose period the years no longer hold is a change under the read: the caller reads again). */
export function transactionXml(journal: PostingJournal, naming: SafTNaming, currency: string): Xml {
  const period = naming.period(journal.periodId);
  if (!period) throw new Error(`The period of journal ${journal.id} is not among the years read`);
  const roles = partyRoles(journal.entries, naming.classificationOf);
  const only = (role: PartyRole) => {
    const parties = [...roles].filter(([, r]) => r === role);
    return parties.length === 1 ? compactId(parties[0]![0]) : undefined;
  };
  const description = fitted(journal.description ?? '', TEXT.long);
  const bases = taxBases(journal.entries);
  return element(
    'Transaction',
    leaf('TransactionID', journalNumberText(journal)),
    leaf('Period', period.number),
    leaf('PeriodYear', period.year),
    leaf('TransactionDate', journal.calendarDate),
    leaf('SourceID', journal.createdBy ? compactId(journal.createdBy.id) : undefined),
    leaf('TransactionType', transactionType(journal)),
    leaf('Description', description),
    leaf('BatchID', journal.importId ? compactId(journal.importId) : undefined),
    leaf('SystemEntryDate', journal.createdAt.slice(0, 10)),
    leaf('GLPostingDate', journal.postingDate),
    leaf('CustomerID', only('customer')),
    leaf('SupplierID', only('supplier')),
    ...journal.entries.map((line, index) => lineXml(line, index, { naming, currency, description, roles, reference: journal.reference, taxBase: bases.get(index) })),
  );
}

interface LineContext {
  naming: SafTNaming;
  currency: string;
  description: string;
  roles: ReadonlyMap<string, PartyRole>;
  reference: string | undefined;
  /** A taxed line's tax in the company's currency (the amount of its first tax line). */
  taxBase: string | undefined;
}

function lineXml(line: Line, index: number, c: LineContext): Xml {
  const role = line.counterpartyId ? c.roles.get(line.counterpartyId) : undefined;
  const side = line.side === CREDIT ? 'Credit' : 'Debit';
  return element(
    'Line',
    leaf('RecordID', index + 1),
    leaf('AccountID', c.naming.account(line.accountId)),
    line.costCenterId ? element('Analysis', leaf('AnalysisType', COST_CENTER_ANALYSIS), leaf('AnalysisID', c.naming.costCenter(line.costCenterId))) : undefined,
    leaf('SourceDocumentID', c.reference ? fitted(c.reference, TEXT.middle1) : undefined),
    leaf('CustomerID', role === 'customer' ? compactId(line.counterpartyId!) : undefined),
    leaf('SupplierID', role === 'supplier' ? compactId(line.counterpartyId!) : undefined),
    leaf('Description', c.description),
    amountXml(`${side}Amount`, line.amount, foreignOf(line, line.foreign?.amount, c.currency), line.foreign?.exchangeRate),
    line.tax
      ? element(
          'TaxInformation',
          leaf('TaxType', 'MVA'),
          leaf('TaxCode', line.tax.code),
          leaf('TaxPercentage', line.tax.percent),
          leaf('TaxBase', monetary(toMils(line.amount))),
          amountXml(`${side}TaxAmount`, c.taxBase ?? '0', foreignOf(line, line.tax.taxAmount, c.currency)),
        )
      : undefined,
    // A tax line names the line whose tax it is.
    leaf('CrossReference', line.taxOf !== undefined ? line.taxOf + 1 : undefined),
  );
}

/** A foreign line's currency and an amount of it, or undefined for a line in the company's currency. */
const foreignOf = (line: Line, amount: string | undefined, currency: string) => (line.currency && line.currency !== currency && amount !== undefined ? { currency: line.currency, amount } : undefined);

/**
 * An AmountStructure: the amount in the company's currency, and for a foreign line its currency,
 * its amount in it and the rate, where the schema holds them (two decimals; a rate of at most 8):
 * an amount in a currency of three decimals that uses the third is left out with its currency.
 */
function amountXml(name: string, amount: string, foreign: { currency: string; amount: string } | undefined, rate?: string): Xml {
  const inCurrency = foreign && fitsMonetary(foreign.amount);
  const heldRate = inCurrency && rate !== undefined ? exchangeRate(rate) : undefined;
  return element(
    name,
    leaf('Amount', monetary(toMils(amount))),
    inCurrency ? leaf('CurrencyCode', foreign.currency) : undefined,
    inCurrency ? leaf('CurrencyAmount', monetary(toMils(foreign.amount))) : undefined,
    leaf('ExchangeRate', heldRate),
  );
}
