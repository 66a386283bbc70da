import type { OccurrencePreviewing, OccurrenceReads, OccurrenceSkipping, ScheduleCreating, ScheduleList, ScheduleReads, ScheduleReplacing } from '../../schedules/store.ts';
import { pendingEventOp } from '../events/outbox-store.ts';
import { RequestUnitOfWork } from '../table/unit-of-work.ts';
import { accountNodes, costCenterNodes } from './nodes/kind-stores.ts';
import { createScheduleOps, getOccurrence, occurrencesFrom, getSchedule, occurrenceOp, scheduleUnchangedOp, occurrencesPage, occurrenceUnchangedOp, replaceScheduleOps, schedulesPage, settledOp } from './schedule-store.ts';
import { getSettings } from './settings-store.ts';

/** The schedules' ports (schedules/store.ts), one per use case (plain properties: a bundler keeps a spread it cannot prove pure). */
export const scheduleReads: ScheduleReads = { get: getSchedule };

export const scheduleCreating: ScheduleCreating = { settings: getSettings, accounts: accountNodes, costCenters: costCenterNodes, createChanges: createScheduleOps };

export const scheduleReplacing: ScheduleReplacing = { get: getSchedule, settings: getSettings, accounts: accountNodes, costCenters: costCenterNodes, replaceChanges: replaceScheduleOps, occurrencesFrom, occurrenceUnchanged: occurrenceUnchangedOp };

export const scheduleList: ScheduleList = { page: schedulesPage };

export const occurrenceReads: OccurrenceReads = { get: getSchedule, occurrence: getOccurrence, occurrencesPage };

export const occurrenceSkipping: OccurrenceSkipping = { get: getSchedule, occurrence: getOccurrence, occurrencesPage, occurrenceChange: occurrenceOp, settledChange: settledOp, scheduleUnchanged: scheduleUnchangedOp, eventChange: pendingEventOp, unit: (actor) => new RequestUnitOfWork(() => actor) };

export const occurrencePreviewing: OccurrencePreviewing = { get: getSchedule, occurrencesFrom };
