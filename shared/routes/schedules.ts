import { CreateScheduleBody, ListOccurrencesQuery, ListSchedulesQuery, PreviewQuery, SkipOccurrenceBody, UpdateScheduleBody } from '../schedules/schemas.ts';
import { route, company } from './route.ts';

const schedule = `${company}/Schedules/{id}` as const;
const lineErrors = ['403 Forbidden', '400 CategoryAccount', '400 Unbalanced', '400 TooFewLines'] as const;

/**
 * The schedules rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as schedulesRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const create = /* @__PURE__ */ route('schedules.create', () => ({ methods: ['POST'], path: `${company}/Schedules`, handler: 'functions/schedules/create.ts', access: 'journals:create', event: 'ScheduleCreated', idempotentOperation: 'CreateSchedule', body: CreateScheduleBody, response: 'ScheduleResponse', errors: [...lineErrors], summary: 'Create a recurring journal: its lines, when it falls due (monthly, quarterly or yearly on a day or the month’s last; every N days) from a start date to an end date or count, and whether each occurrence makes a draft or posts', tag: 'Schedules' }));
export const list = /* @__PURE__ */ route('schedules.list', () => ({ methods: ['GET'], path: `${company}/Schedules`, handler: 'functions/schedules/list.ts', access: 'journals:read', query: ListSchedulesQuery, response: { page: 'ScheduleResponse' }, summary: 'List recurring journals, newest first (paginated; the keyword matches the description)', tag: 'Schedules' }));
export const get = /* @__PURE__ */ route('schedules.get', () => ({ methods: ['GET'], path: schedule, handler: 'functions/schedules/get.ts', access: 'journals:read', response: 'ScheduleResponse', summary: 'Get a recurring journal with its last settled and next occurrence', tag: 'Schedules' }));
export const update = /* @__PURE__ */ route('schedules.update', () => ({ methods: ['PUT'], path: schedule, handler: 'functions/schedules/update.ts', access: 'journals:create', event: 'ScheduleChanged', body: UpdateScheduleBody, response: 'ScheduleResponse', errors: ['409 Conflict', '409 ScheduleEnded', ...lineErrors], summary: 'Replace a recurring journal’s lines, dates, action and state (active, paused, ended; versioned): occurrences not yet generated follow it', tag: 'Schedules' }));
export const occurrences = /* @__PURE__ */ route('schedules.occurrences', () => ({ methods: ['GET'], path: `${schedule}/Occurrences`, handler: 'functions/schedules/occurrences.ts', access: 'journals:read', query: ListOccurrencesQuery, response: { page: 'ScheduleOccurrenceResponse' }, summary: 'The run history: every occurrence generated, under way, blocked (with the reason) or skipped, oldest first (paginated)', tag: 'Schedules' }));
export const skip = /* @__PURE__ */ route('schedules.skip', () => ({ methods: ['POST'], path: `${schedule}/SkippedOccurrences`, handler: 'functions/schedules/skip.ts', access: 'journals:create', event: 'ScheduleOccurrenceSkipped', idempotentOperation: 'SkipScheduleOccurrence', body: SkipOccurrenceBody, response: 'ScheduleOccurrenceResponse', errors: ['400 NotAnOccurrence', '409 OccurrenceSettled', '409 Conflict'], summary: 'Skip an occurrence not yet generated (due, blocked or ahead): the schedule passes over it', tag: 'Schedules' }));
export const preview = /* @__PURE__ */ route('schedules.preview', () => ({ methods: ['GET'], path: `${schedule}/Preview`, handler: 'functions/schedules/preview.ts', access: 'journals:read', query: PreviewQuery, response: 'SchedulePreviewResponse', errors: ['400 PreviewTooLong'], summary: 'What the schedule would generate from its next occurrence up to `until` (at most 366), with each journal’s total, writing nothing', tag: 'Schedules' }));

/** Every schedules row by action, for the route table. */
export const schedulesRoutes = { create, list, get, update, occurrences, skip, preview };
