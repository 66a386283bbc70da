/**
 * A company's customer or supplier: what VAT returns and the UAE audit file list, and what a
 * journal line will name by id. Never deleted (lines and filed returns name it): one no longer
 * dealt with is made inactive.
 */
export interface CounterpartyRecord {
  companyId: string;
  counterpartyId: string;
  name: { arabic: string; english: string };
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** Its VAT registration number, in its country's form where the service knows it (SA, AE); null: none. */
  taxRegistrationNumber: string | null;
  active: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}
