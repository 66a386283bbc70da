/**
 * The values a company's tax registration takes (companies/tax-registration.ts holds its rules):
 * here, among the schemas, so the response schemas name them without importing the domain.
 */
export const TAX_JURISDICTIONS = ['SA', 'AE'] as const;

/** The seven Emirates, as the FTA's return lists them: Abu Dhabi, Dubai, Sharjah, Ajman, Umm Al Quwain, Ras Al Khaimah, Fujairah. */
export const EMIRATES = ['AZ', 'DU', 'SH', 'AJ', 'UQ', 'RK', 'FU'] as const;
