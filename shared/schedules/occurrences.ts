import { NotFound, StateConflict, ValidationError } from '../errors.ts';
import { fromMils } from '../money/mils.ts';
import type { Page, PageQuery } from '../schemas/list-query.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { isOccurrence, nextOccurrence, occurrencesBetween } from './occurrence-dates.ts';
import { OccurrenceMoved, type OccurrenceRecord, type ScheduleRecord } from './records.ts';
import { debitTotal, MAX_PREVIEW_OCCURRENCES, occurrenceReference } from './rules.ts';
import type { PreviewInput, SkipOccurrenceInput } from './schemas.ts';
import type { OccurrenceReads, OccurrencePreviewing, OccurrenceSkipping, ScheduleReads } from './store.ts';
import { occurrenceView, type OccurrenceView } from './view.ts';

const moved = () => new OccurrenceMoved();

/** A template's occurrences: its run history, skipping one, and what it would generate. docs/decisions.md, "Schedules". */

async function mustGet(schedules: ScheduleReads, companyId: string, scheduleId: string): Promise<ScheduleRecord> {
  return (await schedules.get(companyId, scheduleId)) ?? NotFound.throw('The schedule');
}

/** Every occurrence settled, blocked or under way, oldest first. Errors: NotFound, ValidationError (InvalidCursor). */
export async function listOccurrences(port: OccurrenceReads, companyId: string, scheduleId: string, query: PageQuery): Promise<Page<OccurrenceView>> {
  await mustGet(port, companyId, scheduleId);
  const page = await port.occurrencesPage(companyId, scheduleId, query);
  return { ...page, results: page.results.map(occurrenceView) };
}

/**
 * Skips an occurrence not yet generated (due, blocked, or ahead): it is recorded skipped, and the
 * template passes over it, its later occurrences then generated in turn (an accrual's share takes
 * its reversal with it).
 * Errors: NotFound, ValidationError (NotAnOccurrence) naming date, StateConflict
 * (OccurrenceSettled) naming date, StateConflict (Conflict) when the worker settled it meanwhile.
 */
export async function skipOccurrence(port: OccurrenceSkipping, uow: UnitOfWork, companyId: string, scheduleId: string, input: SkipOccurrenceInput): Promise<OccurrenceView> {
  const schedule = await mustGet(port, companyId, scheduleId);
  if (!isOccurrence(schedule, input.date)) throw ValidationError.field('date', 'is not an occurrence of the schedule (GET .../Preview lists them)', 'NotAnOccurrence');
  const before = await port.occurrence(companyId, scheduleId, input.date);
  const settled = (schedule.settledThrough !== null && input.date <= schedule.settledThrough) || (before && before.state !== 'blocked');
  if (settled) throw new StateConflict('OccurrenceSettled', `The occurrence of ${input.date} is ${before?.state ?? 'settled'} already; only one not yet generated is skipped.`, 'date');
  const after: OccurrenceRecord = { companyId, scheduleId, date: input.date, state: 'skipped', journalId: before?.journalId ?? null, reason: null, updatedAt: new Date().toISOString() };
  const passes = schedule.state === 'active' && schedule.nextDate === input.date;
  const changes = [port.occurrenceChange(before, after, moved), ...(passes ? [port.settledChange(schedule, input.date, nextOccurrence(schedule, input.date) ?? null, moved)] : []), ...(await reversalSkipped(port, schedule, input.date))];
  return uow.commit(changes, occurrenceView(after));
}

/**
 * An accrual's share skipped skips its reversal too (it would reverse what was never accrued),
 * unless that is settled already; the worker passes over it as over any skipped occurrence.
 */
async function reversalSkipped(port: OccurrenceSkipping, schedule: ScheduleRecord, date: string) {
  const planned = schedule.allocation?.occurrences;
  const at = planned?.findIndex((o) => o.date === date && !o.reversal) ?? -1;
  const reversal = at >= 0 ? planned![at + 1] : undefined;
  if (!reversal?.reversal) return [];
  const before = await port.occurrence(schedule.companyId, schedule.scheduleId, reversal.date);
  if (before && before.state !== 'blocked') return [];
  const after: OccurrenceRecord = { companyId: schedule.companyId, scheduleId: schedule.scheduleId, date: reversal.date, state: 'skipped', journalId: before?.journalId ?? null, reason: null, updatedAt: new Date().toISOString() };
  return [port.occurrenceChange(before, after, moved)];
}

/**
 * What the template would generate from its next occurrence up to `until`, with each journal's
 * total (an allocation's share, the one carrying the residue marked) and reference, writing nothing: skipped ones left out, blocked ones shown as such.
 * Errors: NotFound, ValidationError (PreviewTooLong) naming until.
 */
export async function previewOccurrences(port: OccurrencePreviewing, companyId: string, scheduleId: string, input: PreviewInput): Promise<ResponseOf<'SchedulePreviewResponse'>> {
  const schedule = await mustGet(port, companyId, scheduleId);
  const dates = schedule.state === 'ended' ? [] : occurrencesBetween(schedule, schedule.settledThrough ?? undefined, input.until, MAX_PREVIEW_OCCURRENCES + 1);
  if (dates.length > MAX_PREVIEW_OCCURRENCES) {
    throw ValidationError.field('until', `covers more than ${MAX_PREVIEW_OCCURRENCES} occurrences; give ${dates[MAX_PREVIEW_OCCURRENCES - 1]!.date} or earlier`, 'PreviewTooLong');
  }
  const recorded = dates.length > 0 ? await port.occurrencesFrom(companyId, scheduleId, dates[0]!.date, dates.at(-1)!.date) : [];
  const states = new Map(recorded.map((o) => [o.date, o.state]));
  // Base amounts are at the company's precision: the total is given at theirs (null while a line's rate is the date's).
  const total = debitTotal(schedule.lines);
  const basePlaces = (schedule.lines.find((l) => !l.currency)?.amount ?? schedule.lines.find((l) => l.baseAmount)?.baseAmount ?? '').split('.')[1]?.length ?? 0;
  const amount = total === null ? null : fromMils(total, basePlaces);
  const planned = new Map(schedule.allocation?.occurrences.map((o) => [o.date, o]));
  return {
    scheduleId,
    state: schedule.state,
    until: input.until,
    occurrences: dates
      .filter((d) => states.get(d.date) !== 'skipped')
      .map((d) => {
        const state = states.get(d.date);
        const share = planned.get(d.date);
        return { date: d.date, number: d.index + 1, reference: occurrenceReference(scheduleId, d.date), amount: share?.amount ?? amount, reversal: share?.reversal ?? false, carriesResidue: share?.carriesResidue ?? false, state: state === 'blocked' || state === 'posting' ? state : 'due' };
      }),
  };
}
