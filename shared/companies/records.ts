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
  version: number;
  updatedAt: string;
}
