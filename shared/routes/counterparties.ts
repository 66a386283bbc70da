import { RecordHistoryQuery } from '../audit/schemas.ts';
import { CreateCounterpartyBody, ListCounterpartiesQuery, UpdateCounterpartyBody } from '../counterparties/schemas.ts';
import { route, company } from './route.ts';

const counterparty = `${company}/Counterparties/{id}` as const;

/**
 * The counterparties rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as counterpartiesRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const create = /* @__PURE__ */ route('counterparties.create', () => ({ methods: ['POST'], path: `${company}/Counterparties`, handler: 'functions/counterparties/create.ts', access: 'counterparties:manage', event: 'CounterpartyCreated', idempotentOperation: 'CreateCounterparty', body: CreateCounterpartyBody, response: 'CounterpartyResponse', summary: 'Create a counterparty (a customer or supplier): its names, country and VAT registration number', tag: 'Counterparties' }));
export const list = /* @__PURE__ */ route('counterparties.list', () => ({ methods: ['GET'], path: `${company}/Counterparties`, handler: 'functions/counterparties/list.ts', access: 'counterparties:read', query: ListCounterpartiesQuery, response: { page: 'CounterpartyResponse' }, summary: 'List counterparties, newest first (paginated; the keyword matches either name; filters country, active)', tag: 'Counterparties' }));
export const get = /* @__PURE__ */ route('counterparties.get', () => ({ methods: ['GET'], path: counterparty, handler: 'functions/counterparties/get.ts', access: 'counterparties:read', response: 'CounterpartyResponse', summary: 'Get a counterparty', tag: 'Counterparties' }));
export const history = /* @__PURE__ */ route('counterparties.history', () => ({ methods: ['GET'], path: `${counterparty}/History`, handler: 'functions/counterparties/history.ts', access: 'counterparties:read', query: RecordHistoryQuery, response: { page: 'HistoryResponse' }, summary: 'Every version of the counterparty, oldest first: the change, who made it, in which request, when, and the counterparty as it stood after it', tag: 'Counterparties' }));
export const update = /* @__PURE__ */ route('counterparties.update', () => ({ methods: ['PUT'], path: counterparty, handler: 'functions/counterparties/update.ts', access: 'counterparties:manage', event: 'CounterpartyChanged', body: UpdateCounterpartyBody, response: 'CounterpartyResponse', errors: ['409 Conflict'], summary: 'Replace a counterparty’s names, country, registration number and active flag (versioned)', tag: 'Counterparties' }));

/** Every counterparties row by action, for the route table. */
export const counterpartiesRoutes = { create, list, get, history, update };
