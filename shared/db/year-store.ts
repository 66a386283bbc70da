import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { config } from '../config.ts';
import { NotFound, StateConflict, VersionConflict } from '../errors.ts';
import type { DateRange, PeriodStatus, YearStatus } from '../financial-years/rules.ts';
import { db } from './client.ts';
import { keys } from './keys.ts';
import type { WriteOp } from './transact.ts';

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
  createdAt: string;
  updatedAt: string;
}

export interface YearRegistry {
  years: Record<string, DateRange>;
  version: number;
}

/** How long a delete or re-date may hold a year against new postings while it checks for old ones. */
const GUARD_MILLISECONDS = 30_000;

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
          ConditionExpression: guard ? 'version = :version AND postingGuard = :guard' : 'version = :version',
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
          ConditionExpression: 'version = :version AND postingGuard = :guard',
          ExpressionAttributeValues: { ':version': year.version, ':guard': guard },
        },
      },
      onConditionFailed: () => new VersionConflict(),
    },
    registryOp(companyId, registry, rest),
  ];
}

/** Moves one period to a new status, conditionally on the period's version and the year being open. */
export function periodStatusOps(companyId: string, year: YearRecord, period: PeriodRecord, status: PeriodStatus): WriteOp[] {
  return [
    {
      item: {
        Update: {
          TableName: config.tableName,
          Key: keys.year(companyId, year.id),
          UpdateExpression: 'SET periods.#p.#status = :status, periods.#p.version = :next, updatedAt = :now',
          ConditionExpression: 'periods.#p.version = :version AND #status = :open',
          ExpressionAttributeNames: { '#p': period.id, '#status': 'status' },
          ExpressionAttributeValues: { ':status': status, ':next': period.version + 1, ':version': period.version, ':open': 'open', ':now': new Date().toISOString() },
        },
      },
      onConditionFailed: () => new VersionConflict(),
    },
  ];
}

/**
 * Runs `write` while new postings into the year are held off, after checking that nothing has
 * been posted into it so far. The guard is a short-lived marker on the year item that posting
 * checks; it closes the gap between "no postings found" and the write that depends on it.
 * Errors: VersionConflict, StateConflict (HasPostings), and whatever `write` raises.
 */
export async function withNoPostings(companyId: string, year: YearRecord, write: (guard: string) => Promise<void>): Promise<void> {
  const guard = randomUUID();
  try {
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.year(companyId, year.id),
        UpdateExpression: 'SET postingGuard = :guard, postingGuardUntil = :until',
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':guard': guard, ':until': Date.now() + GUARD_MILLISECONDS, ':version': year.version },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new VersionConflict();
    throw error;
  }
  try {
    if (await hasPostings(companyId, year)) {
      throw new StateConflict('HasPostings', 'Journals have been posted into this financial year.');
    }
    await write(guard);
  } catch (error) {
    await db()
      .send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: keys.year(companyId, year.id),
          UpdateExpression: 'REMOVE postingGuard, postingGuardUntil',
          ConditionExpression: 'postingGuard = :guard',
          ExpressionAttributeValues: { ':guard': guard },
        }),
      )
      .catch(() => undefined);
    throw error;
  }
}

async function hasPostings(companyId: string, year: YearRecord): Promise<boolean> {
  for (const period of year.periods) {
    const { Items } = await db().send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.company(companyId).pk, ':prefix': keys.periodBalancePrefix(period.id) },
        ConsistentRead: true,
        Limit: 1,
      }),
    );
    if ((Items ?? []).length > 0) return true;
  }
  return false;
}

