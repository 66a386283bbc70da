import type { Emirate, TaxJurisdiction } from './tax-registration.ts';
/**
 * A company and its settings as the company keeps them. Pure types; shared/db/stores/company-store.ts
 * and settings-store.ts store and read them.
 */
export interface CompanyRecord {
  id: string;
  name: string;
  createdAt: string;
  version: number;
}

/** A company's settings, replaced whole on each versioned change. */
export interface SettingsRecord {
  baseCurrency: string;
  decimalPrecision: 2 | 3;
  retainedEarningsAccountId: string | null;
  fxRoundingAccountId: string | null;
  unrealizedFxGainLossAccountId: string | null;
  /** The tax registration (tax-registration.ts); null until set. */
  taxJurisdiction: TaxJurisdiction | null;
  taxRegistrationNumber: string | null;
  defaultEmirate: Emirate | null;
  /** Years the company's documents and archived events are kept (document-retention.ts); absent in settings written before it was kept: its jurisdiction's minimum. */
  documentRetentionYears?: number;
  version: number;
  updatedAt: string;
}
