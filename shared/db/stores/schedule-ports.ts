import type { OccurrenceGenerating, OccurrencePreviewing, OccurrenceReads, OccurrenceSkipping, ScheduleCreating, ScheduleList, ScheduleReads, ScheduleReplacing } from '../../schedules/store.ts';
import { pendingEventOp } from '../events/outbox-store.ts';
import { draftCreatingStore } from '../ledger/draft-books-store.ts';
import { getJournal } from '../ledger/journal-store.ts';
import { RequestUnitOfWork, recoveryUnits } from '../table/unit-of-work.ts';
import { accountNodes, costCenterNodes } from './nodes/kind-stores.ts';
import { createScheduleOps, dueSchedules, getOccurrence, occurrencesFrom, getSchedule, occurrenceOp, occurrencesPage, replaceScheduleOps, schedulesPage, settledOp } from './schedule-store.ts';
import { getSettings } from './settings-store.ts';
import { getRegistry } from './year-store.ts';

/** The schedules' ports (schedules/store.ts), one per use case (plain properties: a bundler keeps a spread it cannot prove pure). */
export const scheduleReads: ScheduleReads = { get: getSchedule };

export const scheduleCreating: ScheduleCreating = { settings: getSettings, accounts: accountNodes, costCenters: costCenterNodes, createChanges: createScheduleOps };

export const scheduleReplacing: ScheduleReplacing = { get: getSchedule, settings: getSettings, accounts: accountNodes, costCenters: costCenterNodes, replaceChanges: replaceScheduleOps };

export const scheduleList: ScheduleList = { page: schedulesPage };

export const occurrenceReads: OccurrenceReads = { get: getSchedule, occurrence: getOccurrence, occurrencesPage };

export const occurrenceSkipping: OccurrenceSkipping = { get: getSchedule, occurrence: getOccurrence, occurrencesPage, occurrenceChange: occurrenceOp, settledChange: settledOp, eventChange: pendingEventOp, unit: (actor) => new RequestUnitOfWork(() => actor) };

export const occurrencePreviewing: OccurrencePreviewing = { get: getSchedule, occurrencesFrom };

/** Whether one of the company's years contains the date (its registry of year ranges). */
const hasYear = async (companyId: string, date: string) => Object.values((await getRegistry(companyId)).years).some((range) => range.startDate <= date && date <= range.endDate);

/** The worker's (schedules/generate-occurrences.ts): the draft's books, the posting books loaded when one posts. */
export const occurrenceGenerating: OccurrenceGenerating = {
  get: getSchedule,
  occurrence: getOccurrence,
  occurrencesPage,
  occurrenceChange: occurrenceOp,
  settledChange: settledOp,
  eventChange: pendingEventOp,
  unit: (actor) => new RequestUnitOfWork(() => actor),
  due: dueSchedules,
  hasYear,
  journal: getJournal,
  draftBooks: draftCreatingStore,
  postingBooks: async (periods) => (await import('../ledger/books-store.ts')).postingBooks(periods),
  units: recoveryUnits,
};
