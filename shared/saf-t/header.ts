import { element, leaf, type Xml } from '../exports/xml.ts';
import { fitted, NOT_KEPT, SAF_T_VERSION, TEXT } from './rules.ts';

/**
 * The file's Header, pure: the schema's version, the country, the day it was made, the software,
 * the company (its name and tax registration), its currency and the range of posting dates
 * selected. The company's contact person and telephone, which the Norwegian schema requires, and
 * its registration number where it has no TRN are not kept by the service: they hold NOT_KEPT.
 */

/** The software as the header names it (the FTA audit file names it so too). */
export const SOFTWARE = { company: 'Ledger API', id: 'Ledger API', version: 'v1' } as const;

export interface HeaderFacts {
  companyName: string;
  /** The company's VAT registration number; null: none. */
  taxRegistrationNumber: string | null;
  /** ISO 3166-1 alpha-2: the company's tax jurisdiction (UNKNOWN_COUNTRY without one). */
  country: string;
  currency: string;
  range: { from: string; to: string };
  /** YYYY-MM-DD, UTC. */
  createdOn: string;
}

export function headerXml(f: HeaderFacts): Xml {
  return element(
    'Header',
    leaf('AuditFileVersion', SAF_T_VERSION),
    leaf('AuditFileCountry', f.country),
    leaf('AuditFileDateCreated', f.createdOn),
    leaf('SoftwareCompanyName', SOFTWARE.company),
    leaf('SoftwareID', SOFTWARE.id),
    leaf('SoftwareVersion', SOFTWARE.version),
    element(
      'Company',
      leaf('RegistrationNumber', f.taxRegistrationNumber ?? NOT_KEPT),
      leaf('Name', fitted(f.companyName, TEXT.long)),
      element('Contact', element('ContactPerson', leaf('FirstName', NOT_KEPT), leaf('LastName', NOT_KEPT)), leaf('Telephone', NOT_KEPT)),
      f.taxRegistrationNumber ? element('TaxRegistration', leaf('TaxRegistrationNumber', f.taxRegistrationNumber)) : undefined,
    ),
    leaf('DefaultCurrencyCode', f.currency),
    element('SelectionCriteria', leaf('SelectionStartDate', f.range.from), leaf('SelectionEndDate', f.range.to)),
    // Tax accounting basis: accounting (the Norwegian schema's one value).
    leaf('TaxAccountingBasis', 'A'),
  );
}
