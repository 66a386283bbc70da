import { CreateBudgetBody, ListBudgetsQuery, UpdateBudgetBody } from '../budgets/schemas.ts';
import { route, company, VersionBody } from './route.ts';

const budget = `${company}/Budgets/{id}` as const;

/**
 * The budgets rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as budgetsRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const create = /* @__PURE__ */ route('budgets.create', () => ({ methods: ['POST'], path: `${company}/Budgets`, handler: 'functions/budgets/create.ts', access: 'budgets:manage', event: 'BudgetCreated', idempotentOperation: 'CreateBudget', body: CreateBudgetBody, response: 'BudgetResponse', errors: ['400 PeriodCount', '400 DuplicateLine', '400 MixedCostCenterLines'], summary: 'Create a budget: amounts per period of a financial year for revenue and expense accounts, as a whole or per cost center', tag: 'Budgets' }));
export const list = /* @__PURE__ */ route('budgets.list', () => ({ methods: ['GET'], path: `${company}/Budgets`, handler: 'functions/budgets/list.ts', access: 'budgets:read', query: ListBudgetsQuery, response: { page: 'BudgetSummaryResponse' }, summary: 'List budgets without their lines, newest first (paginated; the keyword matches the name)', tag: 'Budgets' }));
export const get = /* @__PURE__ */ route('budgets.get', () => ({ methods: ['GET'], path: budget, handler: 'functions/budgets/get.ts', access: 'budgets:read', response: 'BudgetResponse', summary: 'Get a budget with its lines', tag: 'Budgets' }));
export const update = /* @__PURE__ */ route('budgets.update', () => ({ methods: ['PUT'], path: budget, handler: 'functions/budgets/update.ts', access: 'budgets:manage', event: 'BudgetChanged', body: UpdateBudgetBody, response: 'BudgetResponse', errors: ['409 Conflict', '400 PeriodCount', '400 DuplicateLine', '400 MixedCostCenterLines'], summary: 'Replace a budget\'s name, year and lines (versioned)', tag: 'Budgets' }));
const deleteRow = /* @__PURE__ */ route('budgets.delete', () => ({ methods: ['DELETE'], path: budget, handler: 'functions/budgets/delete.ts', access: 'budgets:manage', event: 'BudgetDeleted', body: VersionBody, errors: ['409 Conflict'], summary: 'Delete a budget (versioned)', tag: 'Budgets' }));
export { deleteRow as delete };

/** Every budgets row by action, for the route table. */
export const budgetsRoutes = { create, list, get, update, delete: deleteRow };
