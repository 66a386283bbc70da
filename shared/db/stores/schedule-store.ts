import { NotFound, VersionConflict, type AppError } from '../../errors.ts';
import type { OccurrenceRecord, ScheduleRecord } from '../../schedules/records.ts';
import type { ListQuery, Page, PageQuery } from '../../schemas/list-query.ts';
import { config } from '../../config.ts';
import { scheduleKeys } from '../table/keys.ts';
import { keywordListPage, mapPage, queryPage } from '../table/paginate.ts';
import { queryAll } from '../table/query-all.ts';
import { scheduleOf } from './schedule-reads.ts';
import { conditions, getItem, mainTable, recordOf, type Expr, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * Recurring journal templates and their occurrences. A template is one item carrying the version
 * every edit is conditioned on, and the occurrence last settled (`settledThrough`), which only the
 * worker moves, without a new version, under the version it read: an edit and a settling never
 * both commit on the same read. While active with a next occurrence, it is in the due index
 * (gsi2, spread over 16 keys) under that date. Each occurrence is an item of its own under the
 * template's partition, by date: the run history, and the once-only mark of its journal.
 */
const OCCURRENCE_FIELDS = ['companyId', 'scheduleId', 'date', 'state', 'journalId', 'reason', 'updatedAt'] as const;

const occurrenceOf = (item: Item): OccurrenceRecord => recordOf<OccurrenceRecord>(item, OCCURRENCE_FIELDS);

/** The template's due-index keys while it is active with a next occurrence. */
const dueKeys = (s: ScheduleRecord) => (s.state === 'active' && s.nextDate ? scheduleKeys.scheduleDue(s.companyId, s.scheduleId, s.nextDate) : {});

function scheduleItem(s: ScheduleRecord): Item {
  const { settledThrough, nextDate, ...rest } = s;
  return {
    ...scheduleKeys.schedule(s.companyId, s.scheduleId),
    ...scheduleKeys.scheduleByCreation(s.companyId, s.createdAt, s.scheduleId),
    ...dueKeys(s),
    entity: 'Schedule',
    ...rest,
    ...(settledThrough ? { settledThrough } : {}),
    ...(nextDate ? { nextDate } : {}),
  };
}

/** The template still settled through the occurrence read. */
const settledAsRead = (s: ScheduleRecord): Expr => (s.settledThrough ? { expression: 'settledThrough = :settled', values: { ':settled': s.settledThrough } } : { expression: 'attribute_not_exists(settledThrough)' });

export async function getSchedule(companyId: string, scheduleId: string): Promise<ScheduleRecord | undefined> {
  const item = await getItem(scheduleKeys.schedule(companyId, scheduleId), { consistent: true });
  return item && scheduleOf(item);
}

export function createScheduleOps(schedule: ScheduleRecord): WriteOp[] {
  return [mainTable.put(scheduleItem(schedule), { condition: conditions.absent })];
}

/** The template replaced at its version and settled occurrence as read: 404 once gone, 409 on another version, `moved` when only the worker moved it. */
export function replaceScheduleOps(before: ScheduleRecord, after: ScheduleRecord, moved: () => AppError): WriteOp[] {
  const failed = (old: Item | undefined) => (!old ? new NotFound('The schedule') : old.version !== before.version ? new VersionConflict() : moved());
  return [mainTable.put(scheduleItem(after), { condition: conditions.all(conditions.atVersion(before.version), settledAsRead(before)), returnOld: true, onConditionFailed: failed })];
}

/** The settled occurrence moved on to `date` by the worker, from the template as read (version, state active, settled occurrence). */
export function settledOp(schedule: ScheduleRecord, date: string, nextDate: string | null, moved: () => AppError): WriteOp {
  const due = schedule.state === 'active' && nextDate ? scheduleKeys.scheduleDue(schedule.companyId, schedule.scheduleId, nextDate) : undefined;
  const set = ['settledThrough = :date', ...(nextDate ? ['nextDate = :next'] : []), ...(due ? ['gsi2pk = :duePk', 'gsi2sk = :dueSk'] : [])];
  const remove = [...(nextDate ? [] : ['nextDate']), ...(due ? [] : ['gsi2pk', 'gsi2sk'])];
  return mainTable.update(
    scheduleKeys.schedule(schedule.companyId, schedule.scheduleId),
    {
      expression: `SET ${set.join(', ')}${remove.length > 0 ? ` REMOVE ${remove.join(', ')}` : ''}`,
      values: { ':date': date, ...(nextDate ? { ':next': nextDate } : {}), ...(due ? { ':duePk': due.gsi2pk, ':dueSk': due.gsi2sk } : {}) },
    },
    { condition: conditions.all(conditions.atVersion(schedule.version), { expression: '#state = :active', names: { '#state': 'state' }, values: { ':active': 'active' } }, settledAsRead(schedule)), onConditionFailed: moved },
  );
}

/** The occurrence still as read: absent, or the same state and instant. */
const occurrenceAsRead = (before: OccurrenceRecord | undefined): Expr =>
  before ? { expression: '#state = :was AND updatedAt = :at', names: { '#state': 'state' }, values: { ':was': before.state, ':at': before.updatedAt } } : conditions.absent;

/** A check that the template is at the version read. */
export function scheduleUnchangedOp(schedule: ScheduleRecord, moved: () => AppError): WriteOp {
  return mainTable.check(scheduleKeys.schedule(schedule.companyId, schedule.scheduleId), conditions.atVersion(schedule.version), moved);
}

/** A check that the occurrence of `date` stands as read. */
export function occurrenceUnchangedOp(companyId: string, scheduleId: string, date: string, asRead: OccurrenceRecord | undefined, moved: () => AppError): WriteOp {
  return mainTable.check(scheduleKeys.occurrence(companyId, scheduleId, date), occurrenceAsRead(asRead), moved);
}

/** The occurrence written, where it still stands as read (absent, or the same state and instant). */
export function occurrenceOp(before: OccurrenceRecord | undefined, after: OccurrenceRecord, moved: () => AppError): WriteOp {
  const asRead = occurrenceAsRead(before);
  return mainTable.put({ ...scheduleKeys.occurrence(after.companyId, after.scheduleId, after.date), entity: 'ScheduleOccurrence', ...after }, { condition: asRead, onConditionFailed: moved });
}

export async function getOccurrence(companyId: string, scheduleId: string, date: string): Promise<OccurrenceRecord | undefined> {
  const item = await getItem(scheduleKeys.occurrence(companyId, scheduleId, date), { consistent: true });
  return item && occurrenceOf(item);
}

/** A page of templates by creation time; the keyword matches the description. */
export function schedulesPage(companyId: string, query: ListQuery): Promise<Page<ScheduleRecord>> {
  return keywordListPage(
    { index: 'gsi1', partition: scheduleKeys.scheduleListPartition(companyId), companyId, endpoint: 'schedules.list', keywordAttribute: 'description', toRecord: scheduleOf },
    query,
    query.keyword ?? '',
  );
}

/** A page of a template's occurrences, oldest first. */
export async function occurrencesPage(companyId: string, scheduleId: string, query: PageQuery): Promise<Page<OccurrenceRecord>> {
  const page = await queryPage({
    partition: scheduleKeys.occurrencePartition(companyId, scheduleId),
    pageSize: query.pageSize,
    page: query.page,
    binding: { companyId, endpoint: `schedules.occurrences ${scheduleId}`, orderBy: 'Date', orderAsc: true, filters: {} },
  });
  return mapPage(page, occurrenceOf);
}

/** Templates whose next occurrence is on or before `date`, every company's (or one's), the earliest first, at most `limit` (each key's first `limit` read). */
export async function dueSchedules(date: string, limit: number, companyId?: string): Promise<Array<{ companyId: string; scheduleId: string }>> {
  const found: string[] = [];
  await Promise.all(
    scheduleKeys.dueSchedulePartitions().map(async (partition) => {
      const input = {
        TableName: config.tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :to',
        ...(companyId ? { FilterExpression: 'companyId = :company' } : {}),
        ExpressionAttributeValues: { ':pk': partition, ':to': `${date}~`, ...(companyId ? { ':company': companyId } : {}) },
        ProjectionExpression: 'gsi2sk',
      };
      let n = 0;
      for await (const item of queryAll(input)) {
        found.push(item.gsi2sk as string);
        if (++n >= limit) break;
      }
    }),
  );
  return found
    .sort()
    .slice(0, limit)
    .map((key) => {
      const [, companyId, scheduleId] = key.split(' ');
      return { companyId: companyId!, scheduleId: scheduleId! };
    });
}

/** A template's occurrences from `from` to `to` inclusive, by date. */
export async function occurrencesFrom(companyId: string, scheduleId: string, from: string, to: string): Promise<OccurrenceRecord[]> {
  const found: OccurrenceRecord[] = [];
  const input = {
    TableName: config.tableName,
    ConsistentRead: true,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': scheduleKeys.occurrencePartition(companyId, scheduleId), ':from': scheduleKeys.occurrence(companyId, scheduleId, from).sk, ':to': scheduleKeys.occurrence(companyId, scheduleId, to).sk },
  };
  for await (const item of queryAll(input)) found.push(occurrenceOf(item));
  return found;
}
