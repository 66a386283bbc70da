import type { ResponseOf } from '../schemas/responses.ts';
import type { AllocationRecord, OccurrenceRecord, ScheduleRecord } from './records.ts';

export type ScheduleView = ResponseOf<'ScheduleResponse'>;
export type OccurrenceView = ResponseOf<'ScheduleOccurrenceResponse'>;

export const scheduleView = (s: ScheduleRecord): ScheduleView => ({
  id: s.scheduleId,
  description: s.description,
  lines: s.lines.map((l) => ({ accountId: l.accountId, costCenterId: l.costCenterId, side: l.side, amount: l.amount, currency: l.currency ?? null, exchangeRate: l.exchangeRate ?? null })),
  allocation: s.allocation && allocationView(s.allocation),
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

const allocationView = (a: AllocationRecord): NonNullable<ScheduleView['allocation']> => ({
  kind: a.kind,
  method: a.method,
  totalAmount: a.totalAmount,
  periods: a.periods,
  amounts: a.amounts,
  balanceSheetAccountId: a.balanceSheetAccountId,
  profitAndLossAccountId: a.profitAndLossAccountId,
  costCenterId: a.costCenterId,
  residue: a.residue,
  occurrences: a.occurrences.map((o) => ({ date: o.date, period: o.period, amount: o.amount, reversal: o.reversal, carriesResidue: o.carriesResidue })),
  respread: a.respread && { allocated: a.respread.allocated, remainder: a.respread.remainder, keptThrough: a.respread.keptThrough },
});
