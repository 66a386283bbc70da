import { VerifyAuditQuery } from '../audit/schemas.ts';
import { route, company } from './route.ts';

/**
 * The audit rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as auditRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const verify = /* @__PURE__ */ route('audit.verify', () => ({ methods: ['GET'], path: `${company}/Audit/Verify`, handler: 'functions/audit/verify.ts', access: 'audit:read', documents: 'evidence', query: VerifyAuditQuery, response: 'AuditVerifyResponse', errors: ['400 InvalidCursor', '429 TooManyVerifyRuns'], archivedEvents: true, summary: 'Recompute the company\'s event hash chain over a range (by default every event still kept) and check the journals, accounts, cost centers and balances its events describe against the table,; a range one request does not finish answers nextPage to resume from', tag: 'Audit' }));

export const journalNumbers = /* @__PURE__ */ route('audit.journalNumbers', () => ({ methods: ['GET'], path: `${company}/Audit/JournalNumbers`, handler: 'functions/audit/journal-numbers.ts', access: 'audit:read', response: 'AuditJournalNumbersResponse', summary: "The gap test of the journals' entry numbers: after numbering every event committed before the request, the run 1 to count against the numbers the journals hold, with any gap (a number no journal holds) or repeat; complete unless the table was changed outside the service", tag: 'Audit' }));

/** Every audit row by action, for the route table. */
export const auditRoutes = { verify, journalNumbers };
