import { CreateBankAccountBody, ListBankAccountsQuery, UpdateBankAccountBody } from '../bank-accounts/schemas.ts';
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

/** Every bank accounts row by action, for the route table. */
export const bankAccountsRoutes = { create, list, get, update };
