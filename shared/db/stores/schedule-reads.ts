import type { ScheduleRecord } from '../../schedules/records.ts';
import { batchGetItems } from '../table/batch-get.ts';
import { scheduleKey } from '../table/keys.ts';
import { recordOf, type Item } from '../table/table-ops.ts';

/** A template's item read back (schedule-store.ts writes it); apart so Verify's bundle holds no more of the store than this. */
const FIELDS = ['companyId', 'scheduleId', 'description', 'lines', 'allocation', 'recurrence', 'startDate', 'endDate', 'count', 'action', 'state', 'settledThrough', 'nextDate', 'version', 'createdAt', 'updatedAt', 'updatedBy'] as const;

export const scheduleOf = (item: Item): ScheduleRecord => {
  const record = recordOf<ScheduleRecord>(item, FIELDS);
  return { ...record, allocation: record.allocation ?? null, settledThrough: record.settledThrough ?? null, nextDate: record.nextDate ?? null };
};

/** The company's templates with these ids (those found; strongly consistent). */
export async function getSchedules(companyId: string, scheduleIds: string[]): Promise<ScheduleRecord[]> {
  const items = await batchGetItems(scheduleIds.map((id) => scheduleKey(companyId, id)), { consistent: true });
  return items.map(scheduleOf);
}
