import type { ResponseOf } from '../schemas/responses.ts';
import type { OccurrenceRecord, ScheduleRecord } from './records.ts';

export type ScheduleView = ResponseOf<'ScheduleResponse'>;
export type OccurrenceView = ResponseOf<'ScheduleOccurrenceResponse'>;

export const scheduleView = (s: ScheduleRecord): ScheduleView => ({
  id: s.scheduleId,
  description: s.description,
  lines: s.lines.map((l) => ({ accountId: l.accountId, costCenterId: l.costCenterId, side: l.side, amount: l.amount })),
  recurrence: s.recurrence,
  startDate: s.startDate,
  endDate: s.endDate,
  count: s.count,
  action: s.action,
  state: s.state,
  lastSettledDate: s.settledThrough,
  nextOccurrenceDate: s.nextDate,
  version: s.version,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
});

export const occurrenceView = (o: OccurrenceRecord): OccurrenceView => ({ scheduleId: o.scheduleId, date: o.date, state: o.state, journalId: o.journalId, reason: o.reason, updatedAt: o.updatedAt });
