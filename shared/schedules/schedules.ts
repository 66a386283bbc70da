import { randomUUID } from 'node:crypto';
import { NotFound, ValidationError, VersionConflict } from '../errors.ts';
import { checkMayMakeJournals } from '../reconciliation/journal-permissions.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { ScheduleMoved, type ScheduleLine, type ScheduleRecord } from './records.ts';
import { checkScheduleBounds, checkScheduleLines, checkStateChange, nextToSettle } from './rules.ts';
import type { CreateScheduleInput, UpdateScheduleInput } from './schemas.ts';
import type { ScheduleCreating, ScheduleLineFacts, ScheduleList, ScheduleReads, ScheduleReplacing } from './store.ts';
import { scheduleView, type ScheduleView } from './view.ts';

/**
 * Recurring journal templates: lines, when they fall due (occurrence-dates.ts), and whether each
 * occurrence makes a draft or posts. The worker generates the occurrences
 * (generate-occurrences.ts); editing, pausing or ending a template changes only occurrences not
 * yet settled. docs/decisions.md, "Schedules".
 */

async function mustGet(schedules: ScheduleReads, companyId: string, scheduleId: string): Promise<ScheduleRecord> {
  return (await schedules.get(companyId, scheduleId)) ?? NotFound.throw('The schedule');
}

/**
 * The lines as stored: amounts at the company's precision, balanced; accounts (leaf) and cost
 * centers resolved to ids (UUIDs or paths). Errors: NotFound naming the line's field;
 * ValidationError (CategoryAccount, Unbalanced, TooFewLines) naming the line or `lines`.
 */
async function checkedLines(facts: ScheduleLineFacts, companyId: string, input: CreateScheduleInput): Promise<ScheduleLine[]> {
  const settings = (await facts.settings(companyId)) ?? NotFound.throw('The company settings');
  const lines = checkScheduleLines(input.lines, settings.decimalPrecision);
  return Promise.all(
    lines.map(async (line, i) => {
      const account = await facts.accounts.resolve(companyId, line.accountId, `lines[${i}].accountId`);
      if (account.attributes.accountType !== 'leaf') throw ValidationError.field(`lines[${i}].accountId`, 'is a category account; name a leaf account', 'CategoryAccount');
      const costCenterId = line.costCenterId === null ? null : (await facts.costCenters.resolve(companyId, line.costCenterId, `lines[${i}].costCenterId`)).id;
      return { accountId: account.id, costCenterId, side: line.side, amount: line.amount };
    }),
  );
}

/**
 * Creates an active template; its first occurrence is due from its start date (one in the past
 * is caught up by the worker, in order). The caller must be able to make the journals it makes.
 * Errors: Forbidden (journals:create, and journals:post for `post`), ValidationError naming
 * endDate or count, and those of checkedLines.
 */
export async function createSchedule(schedules: ScheduleCreating, uow: UnitOfWork, companyId: string, permissions: readonly string[], input: CreateScheduleInput): Promise<ScheduleView> {
  checkMayMakeJournals(permissions, input.action === 'post', 'A schedule');
  checkScheduleBounds(input);
  const lines = await checkedLines(schedules, companyId, input);
  const now = new Date().toISOString();
  const fields = { recurrence: input.recurrence, startDate: input.startDate, endDate: input.endDate, count: input.count, state: 'active' as const, settledThrough: null };
  const schedule: ScheduleRecord = { companyId, scheduleId: randomUUID(), description: input.description, lines, action: input.action, ...fields, nextDate: nextToSettle(fields), version: 1, createdAt: now, updatedAt: now, updatedBy: uow.actor };
  return uow.commit(schedules.createChanges(schedule), scheduleView(schedule));
}

/** Errors: NotFound. */
export async function readSchedule(schedules: ScheduleReads, companyId: string, scheduleId: string): Promise<ScheduleView> {
  return scheduleView(await mustGet(schedules, companyId, scheduleId));
}

/** Templates newest first unless orderAsc; the keyword matches the description. Errors: ValidationError (InvalidCursor). */
export async function listSchedules(schedules: ScheduleList, companyId: string, query: ListQuery): Promise<Page<ScheduleView>> {
  const page = await schedules.page(companyId, query);
  return { ...page, results: page.results.map(scheduleView) };
}

/**
 * Replaces a template's lines, dates, action and state (versioned). Occurrences already settled
 * stay as they are; the next one is the first of the new dates after the last settled. `ended`
 * is final. Errors: NotFound, VersionConflict, StateConflict (ScheduleEnded) naming state, and
 * those of createSchedule.
 */
export async function updateSchedule(schedules: ScheduleReplacing, uow: UnitOfWork, companyId: string, scheduleId: string, permissions: readonly string[], input: UpdateScheduleInput): Promise<ScheduleView> {
  checkMayMakeJournals(permissions, input.action === 'post', 'A schedule');
  checkScheduleBounds(input);
  const lines = await checkedLines(schedules, companyId, input);
  // The worker may settle an occurrence between the read and the write: read again and redo.
  for (let attempt = 1; ; attempt++) {
    const before = await mustGet(schedules, companyId, scheduleId);
    if (before.version !== input.version) throw new VersionConflict();
    checkStateChange(before.state, input.state);
    const fields = { recurrence: input.recurrence, startDate: input.startDate, endDate: input.endDate, count: input.count, state: input.state, settledThrough: before.settledThrough };
    const after: ScheduleRecord = { ...before, ...fields, description: input.description, lines, action: input.action, nextDate: nextToSettle(fields), version: before.version + 1, updatedAt: new Date().toISOString(), updatedBy: uow.actor };
    try {
      return await uow.commit(schedules.replaceChanges(before, after, () => new ScheduleMoved()), scheduleView(after));
    } catch (error) {
      if (!(error instanceof ScheduleMoved) || attempt >= 3) throw error;
    }
  }
}
