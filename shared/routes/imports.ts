import { CreateImportBody, ListImportErrorsQuery, ListImportsQuery } from '../imports/schemas.ts';
import { route, company } from './route.ts';

/**
 * The largest body `POST .../Imports` takes: 5.5 MiB, a 5 MiB CSV file and its escaping as a JSON
 * string (docs/decisions.md, Imports). Lambda takes at most 6 MiB per request, API Gateway 10 MB.
 */
export const MAX_IMPORT_BODY_BYTES = 5.5 * 1024 * 1024;

/**
 * The imports rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as importsRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const create = /* @__PURE__ */ route('imports.create', () => ({ methods: ['POST'], path: `${company}/Imports`, handler: 'functions/imports/create.ts', access: 'imports:manage', event: 'ImportCreated', idempotentOperation: 'CreateImport', body: CreateImportBody, maxBodyBytes: MAX_IMPORT_BODY_BYTES, response: 'ImportResponse', errors: ['400 InvalidCsv', '400 UnknownColumn', '400 MissingColumn', '400 DuplicateColumn', '400 TooManyRows', '400 InvalidSafT', '400 NotSafTFinancial', '400 UnsupportedSafTVersion', '400 TooLarge'], summary: 'Import accounts, cost centers, opening balances, journals or a budget’s lines from a CSV, JSON or SAF-T Financial file, as a job run in the background (answered queued at once; read it for its outcome)', tag: 'Imports' }));
export const list = /* @__PURE__ */ route('imports.list', () => ({ methods: ['GET'], path: `${company}/Imports`, handler: 'functions/imports/list.ts', access: 'imports:manage', query: ListImportsQuery, response: { page: 'ImportResponse' }, summary: 'List import jobs (paginated)', tag: 'Imports' }));
export const get = /* @__PURE__ */ route('imports.get', () => ({ methods: ['GET'], path: `${company}/Imports/{id}`, handler: 'functions/imports/get.ts', access: 'imports:manage', response: 'ImportResponse', summary: 'Get an import job: status, counts and first errors', tag: 'Imports' }));
export const errors = /* @__PURE__ */ route('imports.errors', () => ({ methods: ['GET'], path: `${company}/Imports/{id}/Errors`, handler: 'functions/imports/errors.ts', access: 'imports:manage', query: ListImportErrorsQuery, response: { page: 'ImportErrorResponse' }, summary: 'Page through every error of an import job, each naming its row and field', tag: 'Imports' }));

export const approve = /* @__PURE__ */ route('imports.approve', () => ({ methods: ['POST'], path: `${company}/Imports/{id}/Approve`, handler: 'functions/imports/approve.ts', access: 'journals:approve', event: 'ImportApproved', response: 'ImportApprovalResponse', errors: ['409 InvalidState', '409 SelfApproval', '409 NothingToApprove', '409 TooManyToApprove'], summary: 'Approve, as one act, every journal the import wrote that asks approval (each approved as Approve would, with its own event); not by the import’s creator', tag: 'Imports' }));

/** Every imports row by action, for the route table. */
export const importsRoutes = { create, list, get, errors, approve };
