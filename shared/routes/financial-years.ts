import { CreateYearBody, ListYearsQuery, UpdateYearBody } from '../financial-years/schemas.ts';
import { route, company, year, VersionBody } from './route.ts';

/**
 * The financialYears rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as financialYearsRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const create = /* @__PURE__ */ route('financialYears.create', () => ({ methods: ['POST'], path: `${company}/FinancialYears`, handler: 'functions/financial-years/create.ts', access: 'financial-years:create', event: 'FinancialYearCreated', idempotentOperation: 'CreateFinancialYear', body: CreateYearBody, response: 'YearResponse', errors: ['400 Overlap'], summary: 'Create a financial year (monthly periods unless given)', tag: 'Financial years' }));
export const list = /* @__PURE__ */ route('financialYears.list', () => ({ methods: ['GET'], path: `${company}/FinancialYears`, handler: 'functions/financial-years/list.ts', access: 'financial-years:read', query: ListYearsQuery, response: { page: 'YearResponse' }, summary: 'List financial years (paginated)', tag: 'Financial years' }));
export const get = /* @__PURE__ */ route('financialYears.get', () => ({ methods: ['GET'], path: `${year}`, handler: 'functions/financial-years/get.ts', access: 'financial-years:read', response: 'YearResponse', summary: 'Get a financial year with its periods', tag: 'Financial years' }));
export const update = /* @__PURE__ */ route('financialYears.update', () => ({ methods: ['PUT'], path: `${year}`, handler: 'functions/financial-years/update.ts', access: 'financial-years:update', event: 'FinancialYearChanged', body: UpdateYearBody, response: 'YearResponse', errors: ['409 Conflict', '409 InvalidState', '409 HasPostings'], summary: 'Update a financial year (versioned)', tag: 'Financial years' }));
const deleteRow = /* @__PURE__ */ route('financialYears.delete', () => ({ methods: ['DELETE'], path: `${year}`, handler: 'functions/financial-years/delete.ts', access: 'financial-years:delete', event: 'FinancialYearDeleted', body: VersionBody, errors: ['409 Conflict', '409 InvalidState', '409 HasPostings'], summary: 'Delete a financial year nothing was posted into (versioned)', tag: 'Financial years' }));
export const close = /* @__PURE__ */ route('financialYears.close', () => ({ methods: ['PUT'], path: `${year}/Close`, handler: 'functions/financial-years/close.ts', access: 'financial-years:close', event: 'FinancialYearClosed', idempotentOperation: 'CloseFinancialYear', body: VersionBody, errors: ['409 InvalidState', '409 PeriodsNotClosed', '409 UnpostedJournals'], summary: 'Close a financial year (versioned; empty 200 body)', tag: 'Financial years' }));
export const generateClosingJournal = /* @__PURE__ */ route('financialYears.generateClosingJournal', () => ({ methods: ['POST'], path: `${year}/GenerateClosingJournal`, handler: 'functions/financial-years/generate-closing-journal.ts', access: 'financial-years:close', event: 'ClosingJournalGenerated', idempotentOperation: 'GenerateClosingJournal', response: 'JournalResponse', errors: ['409 InvalidState', '409 RetainedEarningsNotSet', '409 NothingToClose', '409 TooManyAccounts'], summary: "Generate the year's closing journal (a draft moving revenue and expense balances to retained earnings)", tag: 'Financial years' }));
export { deleteRow as delete };

/** Every financialYears row by action, for the route table. */
export const financialYearsRoutes = { create, list, get, update, delete: deleteRow, close, generateClosingJournal };
