/**
 * The values an import job's enumerated fields take (imports/records.ts holds the job and its
 * states): here, among the schemas, so the response schemas name them without importing the domain.
 */
export const IMPORT_KINDS = ['accounts', 'costCenters', 'openingBalances', 'journals', 'budgetLines', 'bankStatements', 'counterparties', 'safT'] as const;
export const IMPORT_FORMATS = ['json', 'csv', 'camt053', 'mt940', 'saf-t'] as const;
export const IMPORT_MODES = ['atomic', 'perItem'] as const;
export const IMPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'partiallySucceeded'] as const;
