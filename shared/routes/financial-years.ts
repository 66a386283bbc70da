import { CreateYearBody, ListYearsQuery, UpdateYearBody } from '../financial-years/schemas.ts';
import { area, company, year, VersionBody } from './route.ts';

/** The financialYears rows of the route table (shared/routes.ts). */
export const financialYearsRoutes = area('financialYears', {
  create: { methods: ['POST'], path: `${company}/FinancialYears`, handler: 'functions/financial-years/create.ts', access: 'financial-years:create', event: 'FinancialYearCreated', idempotentOperation: 'CreateFinancialYear', body: CreateYearBody, response: 'YearResponse', summary: 'Create a financial year (monthly periods unless given)', tag: 'Financial years' },
  list: { methods: ['GET'], path: `${company}/FinancialYears`, handler: 'functions/financial-years/list.ts', access: 'financial-years:read', query: ListYearsQuery, response: { page: 'YearResponse' }, summary: 'List financial years (paginated)', tag: 'Financial years' },
  get: { methods: ['GET'], path: `${year}`, handler: 'functions/financial-years/get.ts', access: 'financial-years:read', response: 'YearResponse', summary: 'Get a financial year with its periods', tag: 'Financial years' },
  update: { methods: ['PUT'], path: `${year}`, handler: 'functions/financial-years/update.ts', access: 'financial-years:update', event: 'FinancialYearChanged', body: UpdateYearBody, response: 'YearResponse', summary: 'Update a financial year (versioned)', tag: 'Financial years' },
  delete: { methods: ['DELETE'], path: `${year}`, handler: 'functions/financial-years/delete.ts', access: 'financial-years:delete', event: 'FinancialYearDeleted', body: VersionBody, summary: 'Delete a financial year nothing was posted into (versioned)', tag: 'Financial years' },
  close: { methods: ['PUT'], path: `${year}/Close`, handler: 'functions/financial-years/close.ts', access: 'financial-years:close', event: 'FinancialYearClosed', idempotentOperation: 'CloseFinancialYear', body: VersionBody, summary: 'Close a financial year (versioned; empty 200 body)', tag: 'Financial years' },
  generateClosingJournal: { methods: ['POST'], path: `${year}/GenerateClosingJournal`, handler: 'functions/financial-years/generate-closing-journal.ts', access: 'financial-years:close', event: 'ClosingJournalGenerated', idempotentOperation: 'GenerateClosingJournal', response: 'JournalResponse', summary: "Generate the year's closing journal (a draft moving revenue and expense balances to retained earnings)", tag: 'Financial years' },
});
