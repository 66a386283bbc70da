import { CreateBankAccountBody, ListBankAccountsQuery, UpdateBankAccountBody } from '../bank-accounts/schemas.ts';
import { CreateMatchBody, DeleteMatchBody, ListStatementLinesQuery, ReconciliationQuery } from '../reconciliation/schemas.ts';
import { route, company } from './route.ts';

const bankAccount = `${company}/BankAccounts/{id}` as const;

/**
 * The bank accounts rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as bankAccountsRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const create = /* @__PURE__ */ route('bankAccounts.create', () => ({ methods: ['POST'], path: `${company}/BankAccounts`, handler: 'functions/bank-accounts/create.ts', access: 'bank:reconcile', event: 'BankAccountCreated', body: CreateBankAccountBody, response: 'BankAccountResponse', errors: ['400 CategoryAccount', '400 CurrencyMismatch', '409 AlreadyBankAccount', '409 Conflict'], summary: 'Mark a leaf account (by UUID or path) as a bank account: its IBAN (check digits verified) and bank name; its currency is the account’s', tag: 'Bank accounts' }));
export const list = /* @__PURE__ */ route('bankAccounts.list', () => ({ methods: ['GET'], path: `${company}/BankAccounts`, handler: 'functions/bank-accounts/list.ts', access: 'bank:read', query: ListBankAccountsQuery, response: { page: 'BankAccountResponse' }, summary: 'List bank accounts, newest first (paginated)', tag: 'Bank accounts' }));
export const get = /* @__PURE__ */ route('bankAccounts.get', () => ({ methods: ['GET'], path: bankAccount, handler: 'functions/bank-accounts/get.ts', access: 'bank:read', response: 'BankAccountResponse', summary: 'Get a bank account (its id is its account’s)', tag: 'Bank accounts' }));
export const update = /* @__PURE__ */ route('bankAccounts.update', () => ({ methods: ['PUT'], path: bankAccount, handler: 'functions/bank-accounts/update.ts', access: 'bank:reconcile', event: 'BankAccountChanged', body: UpdateBankAccountBody, response: 'BankAccountResponse', errors: ['409 Conflict'], summary: 'Replace a bank account’s IBAN and bank name (versioned)', tag: 'Bank accounts' }));

export const statementLines = /* @__PURE__ */ route('bankAccounts.statementLines', () => ({ methods: ['GET'], path: `${bankAccount}/StatementLines`, handler: 'functions/bank-accounts/statement-lines.ts', access: 'bank:read', query: ListStatementLinesQuery, response: { page: 'StatementLineResponse' }, summary: 'List a bank account’s statement lines by booking date, newest first (paginated; filters dateFrom, dateTo, unmatched)', tag: 'Bank accounts' }));
export const createMatch = /* @__PURE__ */ route('bankAccounts.createMatch', () => ({ methods: ['POST'], path: `${bankAccount}/Matches`, handler: 'functions/bank-accounts/create-match.ts', access: 'bank:reconcile', event: 'BankMatchCreated', body: CreateMatchBody, response: 'MatchResponse', errors: ['400 NotBankLine', '400 MatchUnbalanced', '409 AlreadyMatched'], summary: 'Match statement lines with ledger lines of the bank account whose amounts agree exactly (each line matched once)', tag: 'Bank accounts' }));
export const getMatch = /* @__PURE__ */ route('bankAccounts.getMatch', () => ({ methods: ['GET'], path: `${bankAccount}/Matches/{matchId}`, handler: 'functions/bank-accounts/get-match.ts', access: 'bank:read', response: 'MatchResponse', summary: 'Get a match', tag: 'Bank accounts' }));
export const deleteMatch = /* @__PURE__ */ route('bankAccounts.deleteMatch', () => ({ methods: ['DELETE'], path: `${bankAccount}/Matches/{matchId}`, handler: 'functions/bank-accounts/delete-match.ts', access: 'bank:reconcile', event: 'BankMatchDeleted', body: DeleteMatchBody, response: 'MatchResponse', errors: ['409 Conflict'], summary: 'Undo a match (versioned): its lines unmatched again', tag: 'Bank accounts' }));
export const reconciliation = /* @__PURE__ */ route('bankAccounts.reconciliation', () => ({ methods: ['GET'], path: `${bankAccount}/Reconciliation`, handler: 'functions/bank-accounts/reconciliation.ts', access: 'bank:read', query: ReconciliationQuery, response: 'ReconciliationResponse', errors: ['400 TooManyBankLines'], summary: 'The reconciliation of a bank account at a date: statement and ledger balances, and the unmatched items on each side that account for their difference', tag: 'Bank accounts' }));

/** Every bank accounts row by action, for the route table. */
export const bankAccountsRoutes = { create, list, get, update, statementLines, createMatch, getMatch, deleteMatch, reconciliation };
