import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';
import { NotFound, StateConflict, VersionConflict, type AppError } from '../errors.ts';
import type { DateRange, PeriodStatus, YearStatus } from '../financial-years/rules.ts';
import { db } from './client.ts';
import { keys } from './keys.ts';
import { keywordListPage } from './paginate.ts';
import { anyWithPrefix } from './prefix-query.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { WriteOp } from './transact.ts';
import { GUARD_FREE, guardFreeValues, withWriteGuard } from './write-guard.ts';

/**
 * Storage of financial years. A year item holds its periods (a map by id, each with its own
 * status and version), so posting checks "year open and period open" with one ConditionCheck.
 * A per-company registry item lists every year's range; creating or re-dating a year writes
 * it conditionally on its version, so two overlapping years cannot be created at once.
 */
export interface PeriodRecord extends DateRange {
  id: string;
  number: number;
  name: string;
  status: PeriodStatus;
  version: number;
}

export interface YearRecord extends DateRange {
  id: string;
  name: string;
  status: YearStatus;
  version: number;
  periods: PeriodRecord[];
  /** The draft or posted journal GenerateClosingJournal made, if any. */
  closingJournalId?: string | undefined;
  createdAt: string;
  updatedAt: string;
}

export interface YearRegistry {
  years: Record<string, DateRange>;
  version: number;
}

function toYear(item: Record<string, unknown>): YearRecord {
  const periods = Object.values(item.periods as Record<string, PeriodRecord>).sort((a, b) => a.number - b.number);
  return {
    id: item.id as string,
    name: item.name as string,
    startDate: item.startDate as string,
    endDate: item.endDate as string,
    status: item.status as YearStatus,
    version: item.version as number,
    periods,
    ...(item.closingJournalId ? { closingJournalId: item.closingJournalId as string } : {}),
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
  };
}

export async function getRegistry(companyId: string): Promise<YearRegistry> {
  const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.yearRegistry(companyId), ConsistentRead: true }));
  return { years: (Item?.years as YearRegistry['years'] | undefined) ?? {}, version: (Item?.version as number | undefined) ?? 0 };
}

export async function getYear(companyId: string, yearId: string): Promise<YearRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.year(companyId, yearId), ConsistentRead: true }));
  return Item ? toYear(Item) : undefined;
}

export async function mustGetYear(companyId: string, yearId: string): Promise<YearRecord> {
  const year = await getYear(companyId, yearId);
  if (!year) throw new NotFound('The financial year');
  return year;
}

export function yearFromItem(item: Record<string, unknown>): YearRecord {
  return toYear(item);
}

function yearItem(companyId: string, year: YearRecord): Record<string, unknown> {
  return {
    ...keys.year(companyId, year.id),
    ...keys.yearByStart(companyId, year.startDate, year.id),
    entity: 'FinancialYear',
    ...year,
    searchName: year.name.toLowerCase(),
    periods: Object.fromEntries(year.periods.map((p) => [p.id, p])),
  };
}

/** The registry write every create, re-date and delete carries: conditional on the version read. */
function registryOp(companyId: string, registry: YearRegistry, years: YearRegistry['years']): WriteOp {
  return {
    item: {
      Put: {
        TableName: config.tableName,
        Item: { ...keys.yearRegistry(companyId), entity: 'YearRegistry', years, version: registry.version + 1 },
        ConditionExpression: registry.version === 0 ? 'attribute_not_exists(pk)' : 'version = :version',
        ...(registry.version === 0 ? {} : { ExpressionAttributeValues: { ':version': registry.version } }),
      },
    },
    onConditionFailed: () => new VersionConflict('Another financial year was changed at the same time; retry.'),
  };
}

export function createYearOps(companyId: string, year: YearRecord, registry: YearRegistry): WriteOp[] {
  return [
    { item: { Put: { TableName: config.tableName, Item: yearItem(companyId, year), ConditionExpression: 'attribute_not_exists(pk)' } } },
    registryOp(companyId, registry, { ...registry.years, [year.id]: { startDate: year.startDate, endDate: year.endDate } }),
  ];
}

/** Replaces the year whole, conditionally on its version (and on the guard, when one is held). */
export function replaceYearOps(companyId: string, before: YearRecord, after: YearRecord, registry?: YearRegistry, guard?: string): WriteOp[] {
  const ops: WriteOp[] = [
    {
      item: {
        Put: {
          TableName: config.tableName,
          Item: yearItem(companyId, after),
          ConditionExpression: guard ? 'version = :version AND guard = :guard' : 'version = :version',
          ExpressionAttributeValues: { ':version': before.version, ...(guard ? { ':guard': guard } : {}) },
        },
      },
      onConditionFailed: () => new VersionConflict(),
    },
  ];
  if (registry) ops.push(registryOp(companyId, registry, { ...registry.years, [after.id]: { startDate: after.startDate, endDate: after.endDate } }));
  return ops;
}

export function deleteYearOps(companyId: string, year: YearRecord, registry: YearRegistry, guard: string): WriteOp[] {
  const { [year.id]: _removed, ...rest } = registry.years;
  return [
    {
      item: {
        Delete: {
          TableName: config.tableName,
          Key: keys.year(companyId, year.id),
          ConditionExpression: 'version = :version AND guard = :guard',
          ExpressionAttributeValues: { ':version': year.version, ':guard': guard },
        },
      },
      onConditionFailed: () => new VersionConflict(),
    },
    registryOp(companyId, registry, rest),
  ];
}

/**
 * Moves one period to a new status, conditionally on the period's version and the year being
 * open. The year's version advances too: the year, periods included, is one item, and its
 * whole-item writes are conditional on that version, so none can undo a period's change.
 */
export function periodStatusOps(companyId: string, year: YearRecord, period: PeriodRecord, status: PeriodStatus): WriteOp[] {
  return [
    {
      item: {
        Update: {
          TableName: config.tableName,
          Key: keys.year(companyId, year.id),
          UpdateExpression: 'SET periods.#p.#status = :status, periods.#p.version = :next, version = version + :one, updatedAt = :now',
          ConditionExpression: 'periods.#p.version = :version AND #status = :open',
          ExpressionAttributeNames: { '#p': period.id, '#status': 'status' },
          ExpressionAttributeValues: { ':status': status, ':next': period.version + 1, ':version': period.version, ':open': 'open', ':one': 1, ':now': new Date().toISOString() },
        },
      },
      onConditionFailed: () => new VersionConflict(),
    },
  ];
}

/**
 * Runs `write` once nothing has been posted into the year, holding off new postings meanwhile.
 * Errors: VersionConflict, StateConflict (HasPostings), and whatever `write` raises.
 */
export async function withNoPostings(companyId: string, year: YearRecord, write: (guard: string) => Promise<void>): Promise<void> {
  const pk = keys.company(companyId).pk;
  await withYearGuard(
    companyId,
    year,
    async () => {
      for (const period of year.periods) {
        if (await anyWithPrefix(pk, keys.periodBalancePrefix(period.id))) {
          return new StateConflict('HasPostings', 'Journals have been posted into this financial year.');
        }
      }
      return undefined;
    },
    write,
  );
}

/**
 * Runs `write` while the year holds off new postings and new drafts dated inside it (see
 * write-guard.ts), once `stillFree` finds nothing that refuses the write.
 */
export async function withYearGuard(
  companyId: string,
  year: YearRecord,
  stillFree: () => Promise<AppError | undefined>,
  write: (guard: string) => Promise<void>,
): Promise<void> {
  await withWriteGuard(keys.year(companyId, year.id), year.version, stillFree, write);
}

/**
 * A draft may be dated inside this year: it is open and no close holds it. Checked in the
 * draft's transaction, so a draft and the year's Close cannot both win.
 */
export function yearTakesDraftsCheckOp(companyId: string, yearId: string): WriteOp {
  return {
    item: {
      ConditionCheck: {
        TableName: config.tableName,
        Key: keys.year(companyId, yearId),
        ConditionExpression: `#status = :open AND ${GUARD_FREE}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':open': 'open', ...guardFreeValues() },
      },
    },
    onConditionFailed: () => new VersionConflict('The financial year of this date is being closed or changed; read it again and retry.'),
  };
}

/**
 * Posting into a period: the year is open and not guarded, and the period is open. Checked in
 * the posting transaction, so a concurrent Lock or Close and a post cannot both win.
 */
export function openPeriodCheckOp(companyId: string, yearId: string, periodId: string): WriteOp {
  return {
    item: {
      ConditionCheck: {
        TableName: config.tableName,
        Key: keys.year(companyId, yearId),
        ConditionExpression: `#status = :open AND periods.#p.#status = :open AND ${GUARD_FREE}`,
        ExpressionAttributeNames: { '#status': 'status', '#p': periodId },
        ExpressionAttributeValues: { ':open': 'open', ...guardFreeValues() },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    onConditionFailed: (old) => {
      if (!old) return new NotFound('The financial year');
      const guarded = typeof old.guardUntil === 'number' && old.guardUntil >= Date.now();
      return guarded
        ? new VersionConflict('The financial year is being changed; retry shortly.')
        : new StateConflict('PeriodNotOpen', 'The period of this date changed state and is no longer open.', 'postingDate');
    },
  };
}

/** Records the year's closing journal, unless another request recorded a different one first. */
export function setClosingJournalOp(companyId: string, year: YearRecord, journalId: string): WriteOp {
  return {
    item: {
      Update: {
        TableName: config.tableName,
        Key: keys.year(companyId, year.id),
        UpdateExpression: 'SET closingJournalId = :journalId, version = version + :one',
        ConditionExpression: year.closingJournalId
          ? '#status = :open AND closingJournalId = :previous'
          : '#status = :open AND attribute_not_exists(closingJournalId)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':journalId': journalId, ':open': 'open', ':one': 1, ...(year.closingJournalId ? { ':previous': year.closingJournalId } : {}) },
      },
    },
    onConditionFailed: () => new VersionConflict('The financial year changed while its closing journal was generated; retry.'),
  };
}

/** A company's years by start date (orderBy `StartDate`); the keyword matches the name. */
export function yearsPage(companyId: string, query: ListQuery, keyword: string): Promise<Page<YearRecord>> {
  return keywordListPage(
    { index: 'gsi1', partition: keys.yearListPartition(companyId), companyId, endpoint: 'financialYears.list', keywordAttribute: 'searchName', toRecord: yearFromItem },
    query,
    keyword,
  );
}
