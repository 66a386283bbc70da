import { randomUUID } from 'node:crypto';
import { AppError, Forbidden, ValidationError } from '../errors.ts';
import { permissionsOfActor } from '../auth/access-in-company.ts';
import { checkMayMakeJournals } from '../reconciliation/journal-permissions.ts';
import { eventRecord } from '../events/event-record.ts';
import { postingPeriod } from '../financial-years/posting-rules.ts';
import { requestLogger } from '../logger.ts';
import { submitJournal } from '../journals/approve-journal.ts';
import { postJournal } from '../journals/post-journal.ts';
import type { JournalView } from '../journals/views.ts';
import { createJournal } from '../journals/write-journal.ts';
import type { Change, UnitOfWork } from '../unit-of-work.ts';
import { nextOccurrence } from './occurrence-dates.ts';
import { OccurrenceMoved, type OccurrenceRecord, type ScheduleRecord } from './records.ts';
import { MAX_RUN_OCCURRENCES, occurrenceLines, occurrenceReference, RUN_WIDTH } from './rules.ts';
import type { OccurrenceGenerating } from './store.ts';
import { occurrenceView } from './view.ts';

/**
 * The worker's step: every due occurrence of every active template generated once, in date order
 * per template (a template started in the past catches up). Exactly once by (template, date):
 *
 *   draft:  [journal drafted + occurrence generated (absent before) + template settled through it]
 *   post:   [journal drafted + occurrence posting (absent before)]
 *           [journal posted + occurrence generated (was posting) + template settled through it]
 *   submit: as post, the second bracket submitting the draft for approval rather than posting it
 *
 * Each bracket is one transaction of the journal use cases (the posting rules stay the only way to
 * post), the occurrence and template writes added to it. A second run at once fails its occurrence
 * or template condition and leaves the template to the first; a run that dies between brackets
 * leaves `posting`, which the next run finishes with the journal it names.
 *
 * An occurrence the journal use cases refuse (no year, a closed year or locked period, an account
 * or cost center that cannot be used, an approval the policy asks) is marked `blocked` with their
 * reason and a ScheduleOccurrenceBlocked event, once per reason; later ones wait behind it, and the
 * next run tries it again. Only an explicit Skip passes over it (skip-occurrence.ts).
 */

export interface GenerationRun {
  generated: number;
  blocked: number;
  /** Templates left to another run that moved them meanwhile, or failed for a passing reason (tried again next run). */
  deferred: number;
}

/** Refusals that block an occurrence until its cause is fixed; others (a version race, the service unavailable) are retried as they are. */
const blocks = (error: unknown): error is AppError =>
  error instanceof AppError && [400, 403, 404, 409].includes(error.status) && !['Conflict', 'PostingInProgress'].includes(error.items[0]?.code ?? '');

/** A unit of work whose commit adds `extra` of the answer (the occurrence and template writes) to the journal's own. */
const adding = (unit: UnitOfWork, extra: (answer: JournalView) => Change[]): UnitOfWork => ({
  actor: unit.actor,
  commit: (changes, response, options) => unit.commit([...changes, ...extra(response as JournalView)], response, options),
});

const now = () => new Date().toISOString();
const moved = () => new OccurrenceMoved();

/**
 * Generates what is due on or before `today` (YYYY-MM-DD) for at most `limit` templates (one company's with `companyId`), each up
 * to MAX_RUN_OCCURRENCES occurrences, RUN_WIDTH templates at a time, until `deadline` (ms). Errors: none of the templates'
 * (counted as deferred); those of reading the due index.
 */
export async function generateDueOccurrences(source: OccurrenceGenerating, today: string, options: { limit?: number; deadline?: number; companyId?: string; width?: number } = {}): Promise<GenerationRun> {
  const run: GenerationRun = { generated: 0, blocked: 0, deferred: 0 };
  const port = yearsKnownForRun(source);
  const due = await port.due(today, options.limit ?? 1000, options.companyId);
  let next = 0;
  // Templates are independent (each occurrence's writes are conditioned on its own items), so a few go at once.
  const lane = async () => {
    for (let taken = next++; taken < due.length; taken = next++) {
      if (options.deadline !== undefined && Date.now() > options.deadline) return;
      const { companyId, scheduleId } = due[taken]!;
      await settleSchedule(port, companyId, scheduleId, today, run).catch((error: unknown) => {
        run.deferred++;
        // Another run moving the template is expected; anything else is worth a look, and the next run tries again.
        if (!(error instanceof OccurrenceMoved)) requestLogger(randomUUID()).error('schedule run failed; the next run tries again', { companyId, scheduleId, error: String(error) });
      });
    }
  };
  await Promise.all(Array.from({ length: options.width ?? RUN_WIDTH }, lane));
  return run;
}

/**
 * The port with a year found for a date kept for the run: a company's templates mostly fall in the
 * same year, read once rather than per occurrence. Only found years are kept (one created
 * meanwhile is seen at once), and a year deleted meanwhile refuses the posting anyway.
 */
function yearsKnownForRun(port: OccurrenceGenerating): OccurrenceGenerating {
  const found = new Set<string>();
  const hasYear = async (companyId: string, date: string) => {
    if (found.has(`${companyId} ${date}`)) return true;
    const has = await port.hasYear(companyId, date);
    if (has) found.add(`${companyId} ${date}`);
    return has;
  };
  return { ...port, hasYear };
}

/** The template's due occurrences in order, until one blocks, none is due, or the run's share is done. */
export async function settleSchedule(port: OccurrenceGenerating, companyId: string, scheduleId: string, today: string, run: GenerationRun): Promise<void> {
  for (let n = 0; n < MAX_RUN_OCCURRENCES; n++) {
    const schedule = await port.get(companyId, scheduleId);
    if (!schedule || schedule.state !== 'active' || !schedule.nextDate || schedule.nextDate > today) return;
    const outcome = await settleOccurrence(port, schedule, schedule.nextDate);
    if (outcome === 'blocked') {
      run.blocked++;
      return;
    }
    if (outcome === 'generated') run.generated++;
    // Settled through its next date, the template's next is known: read it again only when that one is due too
    // (an edit meanwhile is the next run's; most templates of a run have one occurrence due).
    const after = nextOccurrence(schedule, schedule.nextDate);
    if (!after || after > today) return;
  }
}

/** One occurrence: generated (or found generated or skipped) and the template settled through it, or blocked. */
async function settleOccurrence(port: OccurrenceGenerating, schedule: ScheduleRecord, date: string): Promise<'generated' | 'settled' | 'blocked'> {
  const { companyId, scheduleId } = schedule;
  const settled = () => port.settledChange(schedule, date, nextOccurrence(schedule, date) ?? null, moved);
  const alone = port.unit(schedule.updatedBy);
  let current = await port.occurrence(companyId, scheduleId, date);
  if (current && (current.state === 'generated' || current.state === 'skipped')) {
    await alone.commit([settled()], null);
    return 'settled';
  }
  const record = (state: OccurrenceRecord['state'], journalId: string): OccurrenceRecord => ({ companyId, scheduleId, date, state, journalId, reason: null, updatedAt: now() });
  try {
    await checkAuthorMay(port, schedule);
    const found = current?.journalId ? await port.journal(companyId, current.journalId) : undefined;
    if (found && !stepPending(schedule, found.status)) {
      // Posted (or submitted, for a submitting template, or further) by hand meanwhile: the occurrence has its journal.
      await alone.commit([port.occurrenceChange(current, record('generated', found.id), moved), settled()], null);
      return 'generated';
    }
    // The draft to post or submit: the one found, unless voided (a new one is made then).
    let journal: { id: string; version: number } | undefined = found?.status === 'voided' ? undefined : found;
    if (!journal) {
      if (!(await port.hasYear(companyId, date))) throw ValidationError.field('date', `no financial year contains ${date}; create one that does`, 'NoFinancialYear');
      const drafts = schedule.action === 'draft';
      let written: OccurrenceRecord | undefined;
      const made = port.units(schedule.updatedBy, (view) => eventOf('JournalCreated', schedule, view));
      const view = await createJournal(
        port.draftBooks,
        adding(made, (answer) => {
          written = record(drafts ? 'generated' : 'posting', answer.id);
          // An allocation's share is of its plan as read: a re-spread meanwhile makes the draft wait for the next run.
          const planAsRead = !drafts && schedule.allocation ? [port.scheduleUnchanged(schedule, moved)] : [];
          return [port.occurrenceChange(current, written, moved), ...(drafts ? [settled()] : planAsRead)];
        }),
        companyId,
        journalInput(schedule, date),
      );
      current = written;
      if (drafts) return 'generated';
      // The draft just committed is as its answer says: no read of it again.
      journal = { id: view.id, version: view.version };
    }
    const after = record('generated', journal.id);
    if (schedule.action === 'submit') {
      // A draft the policy does not hold is refused ApprovalNotRequired: blocked, never posted behind the template's back.
      const submitted = port.units(schedule.updatedBy, (view) => eventOf('JournalSubmitted', schedule, view));
      await submitJournal(port.approvalBooks, adding(submitted, () => [port.occurrenceChange(current, after, moved), settled()]), companyId, journal.id, journal.version);
      return 'generated';
    }
    const posted = port.units(schedule.updatedBy, (view) => eventOf('JournalPosted', schedule, view));
    await postJournal(await port.postingBooks(postingPeriod), adding(posted, () => [port.occurrenceChange(current, after, moved), settled()]), companyId, journal.id, { postingDate: date, version: journal.version });
    return 'generated';
  } catch (error) {
    if (error instanceof OccurrenceMoved || !blocks(error)) throw error;
    await block(port, schedule, current, date, error);
    return 'blocked';
  }
}

/** Whether the journal made for an occurrence still awaits the template's second step (or, voided, a new draft). */
const stepPending = (schedule: ScheduleRecord, status: string) => ['draft', 'voided', ...(schedule.action === 'post' ? ['approved'] : [])].includes(status);

/**
 * The template's author (its last writer) may still make its journals: still in the company, and
 * holding journals:create (and journals:post for a posting one) as they are now.
 * Errors: Forbidden.
 */
async function checkAuthorMay(port: OccurrenceGenerating, schedule: ScheduleRecord): Promise<void> {
  const held = schedule.updatedBy ? await permissionsOfActor(port.access, schedule.updatedBy, schedule.companyId) : null;
  if (!held) throw new Forbidden('The schedule\'s author (its last writer) is no longer in the company; a member who may make its journals writes it again (PUT .../Schedules/{id}).');
  checkMayMakeJournals(held, schedule.action === 'post', 'The schedule');
}

/** The journal an occurrence makes: the template's lines (an allocation's share of the date), dated the occurrence, its reference naming both. */
function journalInput(schedule: ScheduleRecord, date: string) {
  return {
    date: `${date}T00:00:00Z`,
    description: schedule.description,
    reference: occurrenceReference(schedule.scheduleId, date),
    entries: occurrenceLines(schedule, date).map((l) => ({
      accountId: l.accountId,
      ...(l.costCenterId ? { costCenterId: l.costCenterId } : {}),
      side: l.side,
      amount: l.amount,
      // A foreign line's rate: the template's, or (left out) the company's in effect on the occurrence's date, as a journal line's.
      ...(l.currency ? { currency: l.currency, ...(l.exchangeRate ? { exchangeRate: l.exchangeRate } : {}) } : {}),
    })),
  };
}

/** The event of a write the worker makes for the template's author: of no request, its record the answer. */
const eventOf = (type: 'JournalCreated' | 'JournalPosted' | 'JournalSubmitted', schedule: ScheduleRecord, view: unknown) =>
  eventRecord({ eventId: randomUUID(), type, companyId: schedule.companyId, actor: schedule.updatedBy, requestId: null, params: { companyId: schedule.companyId }, body: {}, response: view, now: new Date() });

/**
 * The occurrence marked blocked by `error`, with its ScheduleOccurrenceBlocked event; nothing
 * written when it is blocked already for the same reason (a run does not repeat the event).
 */
async function block(port: OccurrenceGenerating, schedule: ScheduleRecord, current: OccurrenceRecord | undefined, date: string, error: AppError): Promise<void> {
  const reason = error.items[0]!;
  const same = current?.state === 'blocked' && current.reason?.code === reason.code && current.reason.name === reason.name && current.reason.reason === reason.reason;
  if (same) return;
  const after: OccurrenceRecord = { companyId: schedule.companyId, scheduleId: schedule.scheduleId, date, state: 'blocked', journalId: current?.journalId ?? null, reason: { name: reason.name, reason: reason.reason, code: reason.code }, updatedAt: now() };
  const view = occurrenceView(after);
  const event = eventRecord({ eventId: randomUUID(), type: 'ScheduleOccurrenceBlocked', companyId: schedule.companyId, actor: schedule.updatedBy, requestId: null, params: { companyId: schedule.companyId, scheduleId: schedule.scheduleId }, body: {}, response: view, now: new Date() });
  await port.unit(schedule.updatedBy).commit([port.occurrenceChange(current, after, moved), port.eventChange(event)], view);
}
