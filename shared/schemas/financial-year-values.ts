/**
 * The states a financial year and its periods take (financial-years/rules.ts draws their
 * transitions): here, among the schemas, so the response schemas name them without importing
 * the domain.
 */
export const PERIOD_STATUSES = ['open', 'locked', 'closed'] as const;
export const YEAR_STATUSES = ['open', 'closed'] as const;
