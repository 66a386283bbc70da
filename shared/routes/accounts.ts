import { RecordHistoryQuery } from '../audit/schemas.ts';
import { CreateAccountBody, UpdateAccountBody } from '../accounts/schemas.ts';
import { ListNodesQuery } from '../tree/schemas.ts';
import { route, company, VersionBody } from './route.ts';

/**
 * The accounts rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as accountsRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const create = /* @__PURE__ */ route('accounts.create', () => ({ methods: ['POST'], path: `${company}/Accounts`, handler: 'functions/accounts/create.ts', access: 'accounts:create', event: 'AccountCreated', idempotentOperation: 'CreateAccount', body: CreateAccountBody, response: 'AccountResponse', errors: ['400 TooDeep', '400 ParentNotCategory', '400 CategoryCurrency', '409 DuplicateCode', '409 HierarchyTooDeep', '409 HierarchyChanged', '400 CashFlowCategory', '400 GroupingPair'], summary: 'Create an account', tag: 'Accounts' }));
export const list = /* @__PURE__ */ route('accounts.list', () => ({ methods: ['GET'], path: `${company}/Accounts`, handler: 'functions/accounts/list.ts', access: 'accounts:read', query: ListNodesQuery, response: { page: 'AccountResponse' }, errors: ['409 HierarchyTooDeep', '409 HierarchyChanged'], summary: 'List accounts (paginated)', tag: 'Accounts' }));
export const get = /* @__PURE__ */ route('accounts.get', () => ({ methods: ['GET'], path: `${company}/Accounts/{id}`, pathReferences: { id: 'account' }, handler: 'functions/accounts/get.ts', access: 'accounts:read', response: 'AccountResponse', errors: ['409 HierarchyTooDeep', '409 HierarchyChanged'], summary: 'Get an account', tag: 'Accounts' }));
export const history = /* @__PURE__ */ route('accounts.history', () => ({ methods: ['GET'], path: `${company}/Accounts/{id}/History`, pathReferences: { id: 'account' }, handler: 'functions/accounts/history.ts', access: 'accounts:read', query: RecordHistoryQuery, response: { page: 'HistoryResponse' }, summary: 'Every version of the account, oldest first: the change, who made it, in which request, when, and the account as it stood after it (kept for good, when the feed\'s events have expired)', tag: 'Accounts' }));
export const update = /* @__PURE__ */ route('accounts.update', () => ({ methods: ['PUT'], path: `${company}/Accounts/{id}`, pathReferences: { id: 'account' }, handler: 'functions/accounts/update.ts', access: 'accounts:update', event: 'AccountChanged', body: UpdateAccountBody, response: 'AccountResponse', errors: ['400 TooDeep', '400 Cycle', '400 ParentNotCategory', '400 CategoryCurrency', '409 Conflict', '409 DuplicateCode', '409 InUse', '409 HierarchyTooDeep', '409 HierarchyChanged', '409 RetainedEarningsAccount', '409 SettingsAccount', '400 CashFlowCategory', '400 GroupingPair'], summary: 'Update an account (versioned)', tag: 'Accounts' }));
const deleteRow = /* @__PURE__ */ route('accounts.delete', () => ({ methods: ['DELETE'], path: `${company}/Accounts/{id}`, pathReferences: { id: 'account' }, handler: 'functions/accounts/delete.ts', access: 'accounts:delete', event: 'AccountDeleted', body: VersionBody, errors: ['409 Conflict', '409 HasChildren', '409 InUse', '409 RetainedEarningsAccount', '409 SettingsAccount'], summary: 'Delete an account (versioned)', tag: 'Accounts' }));
export { deleteRow as delete };

/** Every accounts row by action, for the route table. */
export const accountsRoutes = { create, list, get, history, update, delete: deleteRow };
