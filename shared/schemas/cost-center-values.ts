/**
 * The states a cost center takes (cost-centers/rules.ts draws their transitions): here, among the
 * schemas, so the response schemas name them without importing the domain.
 */
export const COST_CENTER_STATUSES = ['active', 'inactive'] as const;
