import { ListPeriodsQuery } from '../financial-years/schemas.ts';
import { route, year, period, VersionBody } from './route.ts';

/**
 * The periods rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as periodsRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const list = /* @__PURE__ */ route('periods.list', () => ({ methods: ['GET'], path: `${year}/Periods`, handler: 'functions/periods/list.ts', access: 'financial-years:read', query: ListPeriodsQuery, response: { page: 'PeriodResponse' }, summary: 'List the periods of a year (paginated)', tag: 'Periods' }));
export const get = /* @__PURE__ */ route('periods.get', () => ({ methods: ['GET'], path: `${period}`, handler: 'functions/periods/get.ts', access: 'financial-years:read', response: 'PeriodResponse', summary: 'Get a period', tag: 'Periods' }));
export const lock = /* @__PURE__ */ route('periods.lock', () => ({ methods: ['POST'], path: `${period}/Lock`, handler: 'functions/periods/lock.ts', access: 'financial-years:update', event: 'PeriodLocked', body: VersionBody, response: 'PeriodResponse', errors: ['409 Conflict', '409 InvalidState'], summary: 'Lock an open period (versioned)', tag: 'Periods' }));
export const close = /* @__PURE__ */ route('periods.close', () => ({ methods: ['POST', 'PUT'], path: `${period}/Close`, handler: 'functions/periods/close.ts', access: 'financial-years:close', event: 'PeriodClosed', idempotentOperation: 'ClosePeriod', body: VersionBody, errors: ['409 InvalidState'], summary: 'Close a period (versioned; empty 200 body); served at POST and PUT, as the spec lists both', tag: 'Periods' }));
export const reopen = /* @__PURE__ */ route('periods.reopen', () => ({ methods: ['POST'], path: `${period}/Reopen`, handler: 'functions/periods/reopen.ts', access: 'financial-years:update', event: 'PeriodReopened', body: VersionBody, response: 'PeriodResponse', errors: ['409 Conflict', '409 InvalidState'], summary: 'Reopen a locked or closed period of an open year (versioned)', tag: 'Periods' }));

/** Every periods row by action, for the route table. */
export const periodsRoutes = { list, get, lock, close, reopen };
