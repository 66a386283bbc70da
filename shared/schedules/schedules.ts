import type { CurrencySettings } from '../money/currencies.ts';
import { randomUUID } from 'node:crypto';
import { NotFound, ValidationError, VersionConflict } from '../errors.ts';
import { checkMayMakeJournals } from '../reconciliation/journal-permissions.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { checkAllocation, planned, replanned, type CheckedAllocation } from './allocation.ts';
import { ScheduleMoved, type AllocationRecord, type ScheduleLine, type ScheduleRecord } from './records.ts';
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
async function checkedLines(facts: ScheduleLineFacts, companyId: string, input: CreateScheduleInput, settings: CurrencySettings): Promise<ScheduleLine[]> {
  const lines = await checkScheduleLines(input.lines ?? [], settings);
  return Promise.all(
    lines.map(async (line, i) => {
      const account = await facts.accounts.resolve(companyId, line.accountId, `lines[${i}].accountId`);
      if (account.attributes.accountType !== 'leaf') throw ValidationError.field(`lines[${i}].accountId`, 'is a category account; name a leaf account', 'CategoryAccount');
      const costCenterId = line.costCenterId === null ? null : (await facts.costCenters.resolve(companyId, line.costCenterId, `lines[${i}].costCenterId`)).id;
      return { accountId: account.id, costCenterId, side: line.side, amount: line.amount, currency: line.currency, exchangeRate: line.exchangeRate, baseAmount: line.baseAmount };
    }),
  );
}

/** What a template holds besides its dates and state: a recurring template's lines, or an allocation checked (planned by the caller). */
type Checked = { lines: ScheduleLine[]; allocation: null } | { lines: []; allocation: CheckedAllocation };

/**
 * A recurring template (lines and recurrence) or an allocation schedule (allocation), not both.
 * Errors: NotFound (the company settings), ValidationError naming lines, recurrence, endDate or
 * count, and those of checkedLines and checkAllocation.
 */
async function checkedContent(facts: ScheduleLineFacts, companyId: string, input: CreateScheduleInput): Promise<Checked> {
  const settings = (await facts.settings(companyId)) ?? NotFound.throw('The company settings');
  if (input.allocation === null) {
    if (input.lines === undefined) throw ValidationError.field('lines', 'is required: the journal each occurrence makes (or give allocation instead)');
    if (input.recurrence === undefined) throw ValidationError.field('recurrence', 'is required: when the template falls due');
    checkScheduleBounds({ startDate: input.startDate, endDate: input.endDate, count: input.count, recurrence: input.recurrence });
    return { lines: await checkedLines(facts, companyId, input, settings), allocation: null };
  }
  // An allocation's dates are its months': the recurring fields have no place in it.
  for (const name of ['lines', 'recurrence', 'endDate', 'count'] as const) {
    if (input[name] !== undefined && input[name] !== null) throw ValidationError.field(name, 'is for a recurring template; an allocation schedule falls due on the last day of each of its months');
  }
  return { lines: [], allocation: await checkAllocation(facts, companyId, input.allocation, settings.decimalPrecision) };
}

/** The dates of a template as stored: an allocation's recurrence its month ends, its end its last occurrence. */
function datesOf(input: CreateScheduleInput, allocation: AllocationRecord | null) {
  if (!allocation) return { recurrence: input.recurrence!, startDate: input.startDate, endDate: input.endDate, count: input.count };
  return { recurrence: { frequency: 'monthly' as const, dayOfMonth: 'last' as const }, startDate: input.startDate, endDate: allocation.occurrences.at(-1)?.date ?? null, count: null };
}

/**
 * Creates an active template; its first occurrence is due from its start date (one in the past
 * is caught up by the worker, in order). The caller must be able to make the journals it makes.
 * Errors: Forbidden (journals:create, and journals:post for `post`), and those of checkedContent
 * and planned.
 */
export async function createSchedule(schedules: ScheduleCreating, uow: UnitOfWork, companyId: string, permissions: readonly string[], input: CreateScheduleInput): Promise<ScheduleView> {
  checkMayMakeJournals(permissions, input.action === 'post', 'A schedule');
  const content = await checkedContent(schedules, companyId, input);
  const allocation = content.allocation && planned(content.allocation, input.startDate);
  const now = new Date().toISOString();
  const fields = { ...datesOf(input, allocation), allocation, state: 'active' as const, settledThrough: null };
  const schedule: ScheduleRecord = { companyId, scheduleId: randomUUID(), description: input.description, lines: content.lines, action: input.action, ...fields, nextDate: nextToSettle(fields), version: 1, createdAt: now, updatedAt: now, updatedBy: uow.actor };
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
 * Replaces a template's lines or allocation, dates, action and state (versioned). Occurrences
 * already settled stay as they are; the next one is the first of the new dates after the last
 * settled. Changed allocation terms after occurrences were generated re-spread the remainder
 * over those not yet generated, and the answer says so (`allocation.respread`). `ended` is
 * final; a template stays recurring or an allocation. Errors: NotFound, VersionConflict,
 * StateConflict (ScheduleEnded) naming state, ValidationError (ScheduleKindChange) naming
 * allocation, and those of createSchedule and replanned.
 */
export async function updateSchedule(schedules: ScheduleReplacing, uow: UnitOfWork, companyId: string, scheduleId: string, permissions: readonly string[], input: UpdateScheduleInput): Promise<ScheduleView> {
  checkMayMakeJournals(permissions, input.action === 'post', 'A schedule');
  const content = await checkedContent(schedules, companyId, input);
  // The worker may settle an occurrence between the read and the write: read again and redo.
  for (let attempt = 1; ; attempt++) {
    const before = await mustGet(schedules, companyId, scheduleId);
    if (before.version !== input.version) throw new VersionConflict();
    checkStateChange(before.state, input.state);
    if ((before.allocation === null) !== (content.allocation === null)) {
      throw ValidationError.field('allocation', before.allocation ? 'is required: the schedule is an allocation schedule, and stays one' : 'is not for a recurring template, which stays one; create an allocation schedule', 'ScheduleKindChange');
    }
    const { allocation, checks } = await replannedAllocation(schedules, before, content.allocation, input.startDate);
    const fields = { ...datesOf(input, allocation), allocation, state: input.state, settledThrough: before.settledThrough };
    const after: ScheduleRecord = { ...before, ...fields, description: input.description, lines: content.lines, action: input.action, nextDate: nextToSettle(fields), version: before.version + 1, updatedAt: new Date().toISOString(), updatedBy: uow.actor };
    try {
      return await uow.commit([...schedules.replaceChanges(before, after, () => new ScheduleMoved()), ...checks], scheduleView(after));
    } catch (error) {
      if (!(error instanceof ScheduleMoved) || attempt >= 3) throw error;
    }
  }
}

/**
 * An edited allocation's plan (allocation.ts replanned), from the occurrences recorded up to the
 * next to settle, with a check that the next one is still as read: a draft the worker makes for it
 * meanwhile has its share fixed, so the edit reads again.
 */
async function replannedAllocation(schedules: ScheduleReplacing, before: ScheduleRecord, checked: CheckedAllocation | null, startDate: string) {
  if (!checked) return { allocation: null, checks: [] };
  const first = before.allocation!.occurrences[0]?.date;
  const last = before.nextDate ?? before.settledThrough;
  const made = first && last ? await schedules.occurrencesFrom(before.companyId, before.scheduleId, first, last) : [];
  const next = before.nextDate ? made.find((o) => o.date === before.nextDate) : undefined;
  const allocation = replanned(checked, startDate, before, made);
  const checks = before.nextDate ? [schedules.occurrenceUnchanged(before.companyId, before.scheduleId, before.nextDate, next, () => new ScheduleMoved())] : [];
  return { allocation, checks };
}
