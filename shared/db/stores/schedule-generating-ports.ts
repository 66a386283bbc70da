import type { OccurrenceGenerating } from '../../schedules/store.ts';
import { pendingEventOp } from '../events/outbox-store.ts';
import { draftCreatingStore } from '../ledger/draft-books-store.ts';
import { getJournal } from '../ledger/journal-store.ts';
import { RequestUnitOfWork, recoveryUnits } from '../table/unit-of-work.ts';
import { dueSchedules, getOccurrence, getSchedule, occurrenceOp, scheduleUnchangedOp, occurrencesPage, settledOp } from './schedule-store.ts';
import { getRegistry } from './year-store.ts';
import { companyAccess } from './access-ports.ts';
import { journalApproving } from './journal-approval-ports.ts';

/** Whether one of the company's years contains the date (its registry of year ranges). */
const hasYear = async (companyId: string, date: string) => Object.values((await getRegistry(companyId)).years).some((range) => range.startDate <= date && date <= range.endDate);

/** The worker's (schedules/generate-occurrences.ts): the draft's books, the posting books loaded when one posts. */
export const occurrenceGenerating: OccurrenceGenerating = {
  get: getSchedule,
  occurrence: getOccurrence,
  occurrencesPage,
  occurrenceChange: occurrenceOp,
  settledChange: settledOp,
  scheduleUnchanged: scheduleUnchangedOp,
  eventChange: pendingEventOp,
  unit: (actor) => new RequestUnitOfWork(() => actor),
  due: dueSchedules,
  access: companyAccess,
  hasYear,
  journal: getJournal,
  draftBooks: draftCreatingStore,
  postingBooks: async (periods) => (await import('../ledger/books-store.ts')).postingBooks(periods),
  approvalBooks: journalApproving,
  units: recoveryUnits,
};
