import { ListPeriodsQuery } from '../financial-years/schemas.ts';
import { area, year, period, VersionBody } from './route.ts';

/** The periods rows of the route table (shared/routes.ts). */
export const periodsRoutes = area('periods', {
  list: { methods: ['GET'], path: `${year}/Periods`, handler: 'functions/periods/list.ts', access: 'financial-years:read', query: ListPeriodsQuery, response: { page: 'PeriodResponse' }, summary: 'List the periods of a year (paginated)', tag: 'Periods' },
  get: { methods: ['GET'], path: `${period}`, handler: 'functions/periods/get.ts', access: 'financial-years:read', response: 'PeriodResponse', summary: 'Get a period', tag: 'Periods' },
  lock: { methods: ['POST'], path: `${period}/Lock`, handler: 'functions/periods/lock.ts', access: 'financial-years:update', event: 'PeriodLocked', body: VersionBody, response: 'PeriodResponse', errors: ['409 Conflict', '409 InvalidState'], summary: 'Lock an open period (versioned)', tag: 'Periods' },
  close: { methods: ['POST', 'PUT'], path: `${period}/Close`, handler: 'functions/periods/close.ts', access: 'financial-years:close', event: 'PeriodClosed', idempotentOperation: 'ClosePeriod', body: VersionBody, errors: ['409 InvalidState'], summary: 'Close a period (versioned; empty 200 body); served at POST and PUT, as the spec lists both', tag: 'Periods' },
  reopen: { methods: ['POST'], path: `${period}/Reopen`, handler: 'functions/periods/reopen.ts', access: 'financial-years:update', event: 'PeriodReopened', body: VersionBody, response: 'PeriodResponse', errors: ['409 Conflict', '409 InvalidState'], summary: 'Reopen a locked or closed period of an open year (versioned)', tag: 'Periods' },
});
