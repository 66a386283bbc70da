import { GlAccountsQuery, GlJournalsQuery, GlTrialBalanceQuery } from '../audit-data/schemas.ts';
import { route, company } from './route.ts';

/**
 * The auditors' data rows of the route table (shared/routes.ts): the AICPA Audit Data API's
 * general-ledger module under the company, read-only, for a caller holding both `audit:read` and
 * `reports:read` (what an auditor's key is given). One export each: a handler imports its own row.
 */
const AUDITOR = { access: 'audit:read', alsoNeeds: ['reports:read'], tag: 'Audit data' } as const;

export const journals = /* @__PURE__ */ route('auditData.journals', () => ({ methods: ['GET'], path: `${company}/AuditData/GL/Journals`, handler: 'functions/audit-data/journals.ts', ...AUDITOR, query: GlJournalsQuery, response: { page: 'GLDetailResponse' }, errors: ['400 InvalidRange', '409 PostingInProgress'], summary: 'The posted journals whose posting date (the effective date) is in the range, with their lines, as the AICPA Audit Data API\'s GLDetail records, a page at a time by posting date and serial number; needs audit:read and reports:read' }));
export const trialBalance = /* @__PURE__ */ route('auditData.trialBalance', () => ({ methods: ['GET'], path: `${company}/AuditData/GL/TrialBalance`, handler: 'functions/audit-data/trial-balance.ts', ...AUDITOR, query: GlTrialBalanceQuery, response: 'GLAccountBalancesResponse', errors: ['400 InvalidRange', '400 RangeTooLong', '400 NoFinancialYear', '409 PostingInProgress'], summary: 'The trial balance as of endDate (from startDate, by default the start of its financial year) as the AICPA Audit Data API\'s GLAccountBalance records, one per leaf account: the trial balance report\'s figures; needs audit:read and reports:read' }));
export const accounts = /* @__PURE__ */ route('auditData.accounts', () => ({ methods: ['GET'], path: `${company}/AuditData/GL/Accounts`, handler: 'functions/audit-data/accounts.ts', ...AUDITOR, query: GlAccountsQuery, response: { page: 'GLAccountDetailsResponse' }, summary: 'The chart of accounts as the AICPA Audit Data API\'s GLAccountDetails records, a page at a time by code; needs audit:read and reports:read' }));

/** Every auditors' data row by action, for the route table. */
export const auditDataRoutes = { journals, trialBalance, accounts };
