import { ListExportsQuery } from '../exports/jobs/schemas.ts';
import { CreateExportBody } from './export-targets.ts';
import { route, company } from './route.ts';

/**
 * The export jobs rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as exportsRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const create = /* @__PURE__ */ route('exports.create', () => ({ methods: ['POST'], path: `${company}/Exports`, handler: 'functions/exports/create.ts', access: 'exports:read', event: 'ExportCreated', idempotentOperation: 'CreateExport', body: CreateExportBody, accepted: true, response: 'ExportResponse', summary: 'Have the CSV or XLSX file of an exportable route written in the background, its whole range up to 500,000 lines (answered 202, queued, at once; read the job until it is available, then download the file from its downloadUrl); needs the permission of that route too', tag: 'Exports' }));
export const list = /* @__PURE__ */ route('exports.list', () => ({ methods: ['GET'], path: `${company}/Exports`, handler: 'functions/exports/list.ts', access: 'exports:read', query: ListExportsQuery, exportFiles: 'read', response: { page: 'ExportResponse' }, summary: 'List the caller’s own export jobs (paginated), each available one with a fresh downloadUrl', tag: 'Exports' }));
export const get = /* @__PURE__ */ route('exports.get', () => ({ methods: ['GET'], path: `${company}/Exports/{id}`, handler: 'functions/exports/get.ts', access: 'exports:read', exportFiles: 'read', response: 'ExportResponse', summary: 'Get one of the caller’s export jobs: its status, why it failed, or its file’s size and a downloadUrl good for 5 minutes', tag: 'Exports' }));

/** Every export jobs row by action, for the route table. */
export const exportsRoutes = { create, list, get };
