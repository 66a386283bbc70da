/**
 * The states a journal takes (journals/rules.ts draws their transitions): here, among the schemas,
 * so the response schemas and the list's filter name them without importing the domain.
 */
export const JOURNAL_STATUSES = ['draft', 'submitted', 'approved', 'posting', 'posted', 'unposting', 'voided', 'reversed'] as const;
