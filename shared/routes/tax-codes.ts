import { RecordHistoryQuery } from '../audit/schemas.ts';
import { CreateTaxCodeBody, ListTaxCodesQuery, LoadStandardTaxCodesBody, UpdateTaxCodeBody } from '../tax-codes/schemas.ts';
import { route, company } from './route.ts';

const code = `${company}/TaxCodes/{id}` as const;

/**
 * The taxCodes rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as taxCodesRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const create = /* @__PURE__ */ route('taxCodes.create', () => ({ methods: ['POST'], path: `${company}/TaxCodes`, handler: 'functions/tax-codes/create.ts', access: 'tax-codes:manage', event: 'TaxCodeCreated', idempotentOperation: 'CreateTaxCode', body: CreateTaxCodeBody, response: 'TaxCodeResponse', errors: ['400 CategoryAccount', '409 DuplicateTaxCode', '409 JurisdictionChanged'], summary: 'Create a tax code: its kind, direction, rates by date, the accounts its tax posts to and the return boxes it counts in', tag: 'Tax codes' }));
export const loadStandard = /* @__PURE__ */ route('taxCodes.loadStandard', () => ({ methods: ['POST'], path: `${company}/TaxCodes/Standard`, handler: 'functions/tax-codes/load-standard.ts', access: 'tax-codes:manage', event: 'StandardTaxCodesLoaded', idempotentOperation: 'LoadStandardTaxCodes', body: LoadStandardTaxCodesBody, response: 'TaxCodesResponse', errors: ['400 CategoryAccount', '409 NoTaxJurisdiction', '409 DuplicateTaxCode', '409 JurisdictionChanged'], summary: 'Create the standard tax codes of the company’s jurisdiction (SA or AE) in one call, all or nothing, each then editable', tag: 'Tax codes' }));
export const list = /* @__PURE__ */ route('taxCodes.list', () => ({ methods: ['GET'], path: `${company}/TaxCodes`, handler: 'functions/tax-codes/list.ts', access: 'tax-codes:read', query: ListTaxCodesQuery, response: { page: 'TaxCodeResponse' }, summary: 'List tax codes by code (paginated; filters direction, kind, active)', tag: 'Tax codes' }));
export const get = /* @__PURE__ */ route('taxCodes.get', () => ({ methods: ['GET'], path: code, handler: 'functions/tax-codes/get.ts', access: 'tax-codes:read', response: 'TaxCodeResponse', summary: 'Get a tax code', tag: 'Tax codes' }));
export const history = /* @__PURE__ */ route('taxCodes.history', () => ({ methods: ['GET'], path: `${code}/History`, handler: 'functions/tax-codes/history.ts', access: 'tax-codes:read', query: RecordHistoryQuery, response: { page: 'HistoryResponse' }, summary: 'Every version of the tax code, oldest first: the change, who made it, in which request, when, and the code as it stood after it', tag: 'Tax codes' }));
export const update = /* @__PURE__ */ route('taxCodes.update', () => ({ methods: ['PUT'], path: code, handler: 'functions/tax-codes/update.ts', access: 'tax-codes:manage', event: 'TaxCodeChanged', body: UpdateTaxCodeBody, response: 'TaxCodeResponse', errors: ['409 Conflict', '400 CategoryAccount', '409 JurisdictionChanged'], summary: 'Replace a tax code’s names, rates, accounts, boxes and active flag (versioned); its code, kind and direction stay', tag: 'Tax codes' }));

/** Every taxCodes row by action, for the route table. */
export const taxCodesRoutes = { create, loadStandard, list, get, history, update };
