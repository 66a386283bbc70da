import type { CounterpartyRecord } from '../counterparties/records.ts';
import { element, fragments, leaf, type Xml } from '../exports/xml.ts';
import { addDays } from '../financial-years/dates.ts';
import type { ChartAccount } from '../reports/account-tree.ts';
import { onSide } from '../reports/figures.ts';
import type { TaxCodeRecord } from '../tax-codes/records.ts';
import type { StandardCodes } from '../accounts/standard-codes.ts';
import { bilingual, compactId, monetary, TEXT, type PartyRole } from './rules.ts';
import { COST_CENTER_ANALYSIS } from './transactions.ts';

/**
 * The file's MasterFiles entries, pure: each leaf account with its balances, each customer and
 * supplier, the tax codes and the cost centers, as the schema lays them out. Names in both
 * languages go in the description fields (AccountDescription, the tax code's and the analysis'
 * descriptions); a party's Name is its English name.
 */

/**
 * A leaf account: its path (`accountId`: the naming's), both names, the grouping it keeps
 * (`groupingCategory`, `groupingCode`), else its classification as the grouping category and its
 * root's code as the grouping code, and its opening and closing balances (debit less credit), each on
 * its side as the trial balance shows it.
 */
export function accountXml(account: ChartAccount, outside: StandardCodes, accountId: string, rootCode: string, opening: bigint, closing: bigint): Xml {
  const [openingDebit, openingCredit] = onSide(opening);
  const [closingDebit, closingCredit] = onSide(closing);
  return element(
    'Account',
    leaf('AccountID', accountId),
    leaf('AccountDescription', bilingual(account.name)),
    // A grouping the account keeps (a file imported from another system) goes back as it came.
    leaf('GroupingCategory', outside.groupingCategory ?? account.classification),
    leaf('GroupingCode', outside.groupingCode ?? rootCode),
    leaf('AccountType', 'GL'),
    opening < 0n ? leaf('OpeningCreditBalance', monetary(openingCredit)) : leaf('OpeningDebitBalance', monetary(openingDebit)),
    closing < 0n ? leaf('ClosingCreditBalance', monetary(closingCredit)) : leaf('ClosingDebitBalance', monetary(closingDebit)),
  );
}

/**
 * A customer or supplier named by the lines: its names (`English / Arabic`, as an account's), country and TRN, and whether it is
 * active; or, where the caller may not read counterparties (`party` undefined), its id as its
 * name, as the journals' JSON names it.
 */
export function partyXml(role: PartyRole, id: string, party: CounterpartyRecord | undefined): Xml {
  return element(
    role === 'customer' ? 'Customer' : 'Supplier',
    leaf('Name', party ? bilingual(party.name) : id),
    party ? element('Address', leaf('Country', party.country)) : undefined,
    party?.taxRegistrationNumber ? element('TaxRegistration', leaf('TaxRegistrationNumber', party.taxRegistrationNumber)) : undefined,
    leaf(role === 'customer' ? 'CustomerID' : 'SupplierID', compactId(id)),
    party ? element('PartyInfo', leaf('Status', party.active ? 'Active' : 'Passive')) : undefined,
  );
}

/**
 * The tax table: one entry of the value-added tax, which the Norwegian schema names MVA
 * (Merverdiavgift, its only values), holding each code's rates, each from its effective date to
 * the day before the next, with the code's names, the country of the company's jurisdiction, no
 * Norwegian standard code (NA) and the whole amount as its base (100).
 */
export function taxTableXml(codes: readonly TaxCodeRecord[], country: string): Xml {
  const details = codes.flatMap((code) =>
    code.rates.map((rate, i) => {
      const next = code.rates[i + 1];
      return element(
        'TaxCodeDetails',
        leaf('TaxCode', code.code),
        leaf('EffectiveDate', rate.effectiveFrom),
        leaf('ExpirationDate', next ? addDays(next.effectiveFrom, -1) : undefined),
        leaf('Description', bilingual(code.name)),
        leaf('TaxPercentage', rate.percent),
        leaf('Country', country),
        leaf('StandardTaxCode', 'NA'),
        leaf('BaseRate', 100),
      );
    }),
  );
  return element('TaxTable', element('TaxTableEntry', leaf('TaxType', 'MVA'), leaf('Description', 'Merverdiavgift'), fragments(details)));
}

/** A cost center as an analysis id: its path (`analysisId`: the naming's), both names, and whether it takes lines. */
export function costCenterXml(analysisId: string, name: { english: string; arabic: string }, active: boolean): Xml {
  return element(
    'AnalysisTypeTableEntry',
    leaf('AnalysisType', COST_CENTER_ANALYSIS),
    leaf('AnalysisTypeDescription', bilingual({ english: 'Cost center', arabic: 'مركز التكلفة' })),
    leaf('AnalysisID', analysisId),
    leaf('AnalysisIDDescription', bilingual(name, TEXT.long)),
    leaf('Status', active ? 'Active' : 'Closed'),
  );
}
