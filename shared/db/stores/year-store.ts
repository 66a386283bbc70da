import { NotFound, StateConflict, VersionConflict } from '../../errors.ts';
import type { AuditHead } from '../../audit/chain.ts';
import type { PeriodRecord, YearRecord, YearRegistry } from '../../financial-years/records.ts';
import type { PeriodStatus } from '../../financial-years/rules.ts';
import { balanceKeys } from '../table/keys.ts';
import * as keys from '../table/keys.ts';
import { keywordListPage } from '../table/paginate.ts';
import { anyWithPrefixIn, withPrefix } from '../table/prefix-query.ts';
import { queryAll } from '../table/query-all.ts';
import { config } from '../../config.ts';
import type { ListQuery, Page } from '../../schemas/list-query.ts';
import { conditions, getItem, mainTable, recordOf, type Expr, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';
import { deleteGuardsOps, guardsChange, guardsHeldWithYear, openPeriodsGuardCheckOp, periodGuardOps, putGuardsOps } from '../capacity/posting-guards.ts';
import { pinLive } from '../capacity/pin-rules.ts';
import { pinOf, type StoredPeriod, type StoredYear } from '../capacity/pinned.ts';
import { heldGuard, withWriteGuard, type GuardedWrite, type StillFree } from '../table/write-guard.ts';

/**
 * Storage of financial years. A year item holds its periods (a map by id, each with its own
 * status and version), so posting checks "year open and period open" with one ConditionCheck.
 * A per-company registry item lists every year's range; creating or re-dating a year writes
 * it conditionally on its version, so two overlapping years cannot be created at once.
 */

const YEAR_FIELDS = ['id', 'name', 'startDate', 'endDate', 'status', 'version', 'closingJournalId', 'auditHead', 'pinnedUntil', 'createdAt', 'updatedAt'] as const;

/** The year item holds its periods as a map by id; the record lists them in order, with their use pins. */
function yearFromItem(item: Item): StoredYear {
  const periods = Object.values(item.periods as Record<string, StoredPeriod>).sort((a, b) => a.number - b.number);
  return { ...recordOf<Omit<StoredYear, 'periods'>>(item, YEAR_FIELDS), periods };
}

export async function getRegistry(companyId: string): Promise<YearRegistry> {
  const item = await getItem(keys.yearRegistry(companyId), { consistent: true });
  return { years: (item?.years as YearRegistry['years'] | undefined) ?? {}, version: (item?.version as number | undefined) ?? 0 };
}

/** Strongly consistent unless told (year-hint.ts: what a draft or posting may read eventually consistent). */
export async function getYear(companyId: string, yearId: string, consistent = true): Promise<StoredYear | undefined> {
  const item = await getItem(keys.year(companyId, yearId), { consistent });
  return item && yearFromItem(item);
}

/** Every year of a company (maintenance: the layout upgrade writes their posting guards). */
export async function everyYear(companyId: string): Promise<StoredYear[]> {
  const years: StoredYear[] = [];
  for await (const item of queryAll({ TableName: config.tableName, ...withPrefix(keys.company(companyId).pk, 'YEAR#'), ConsistentRead: true })) years.push(yearFromItem(item));
  return years;
}

/** Errors: NotFound. */
export async function mustGetYear(companyId: string, yearId: string): Promise<StoredYear> {
  return (await getYear(companyId, yearId)) ?? NotFound.throw('The financial year');
}

function yearItem(companyId: string, year: StoredYear): Item {
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
  return mainTable.put(
    { ...keys.yearRegistry(companyId), entity: 'YearRegistry', years, version: registry.version + 1 },
    {
      condition: registry.version === 0 ? conditions.absent : conditions.atVersion(registry.version),
      onConditionFailed: () => new VersionConflict('Another financial year was changed at the same time; retry.'),
    },
  );
}

export function createYearOps(companyId: string, year: YearRecord, registry: YearRegistry): WriteOp[] {
  return [
    mainTable.put(yearItem(companyId, year), { condition: conditions.absent }),
    registryOp(companyId, registry, { ...registry.years, [year.id]: { startDate: year.startDate, endDate: year.endDate } }),
    ...putGuardsOps(companyId, year),
  ];
}

/**
 * The year's use pin is as read: a whole put of the year carries it over, and a pin renewed
 * since (which moves no version) must not be cut back to the one read.
 */
const pinAsRead = (year: YearRecord): Expr => {
  const pin = pinOf(year);
  return pin === undefined ? { expression: 'attribute_not_exists(pinnedUntil)' } : { expression: 'pinnedUntil = :pinRead', values: { ':pinRead': pin } };
};

/**
 * Replaces the year whole, conditionally on its version and its pin as read (and on the guard,
 * when one is held).
 */
export function replaceYearOps(companyId: string, before: YearRecord, after: YearRecord, registry?: YearRegistry, guard?: string): WriteOp[] {
  const ops: WriteOp[] = [
    mainTable.put(yearItem(companyId, { ...after, pinnedUntil: pinOf(before) }), {
      condition: conditions.all(conditions.atVersion(before.version), pinAsRead(before), guard ? heldGuard(guard) : undefined),
      onConditionFailed: () => new VersionConflict(),
    }),
  ];
  if (registry) ops.push(registryOp(companyId, registry, { ...registry.years, [after.id]: { startDate: after.startDate, endDate: after.endDate } }));
  // Whole: the year's version condition above orders this after every other change of the year.
  if (guardsChange(before, after)) ops.push(...putGuardsOps(companyId, after));
  return ops;
}

export function deleteYearOps(companyId: string, year: YearRecord, registry: YearRegistry, guard: string): WriteOp[] {
  const { [year.id]: _removed, ...rest } = registry.years;
  return [
    mainTable.delete(keys.year(companyId, year.id), {
      condition: conditions.all(conditions.atVersion(year.version), heldGuard(guard)),
      onConditionFailed: () => new VersionConflict(),
    }),
    registryOp(companyId, registry, rest),
    ...deleteGuardsOps(companyId, year.id),
  ];
}

/**
 * Moves one period to a new status, conditionally on the period's version and the year being
 * open, and for Lock and Close on no wide posting being under way into it and no live use pin
 * on it (postings into a pinned period check nothing of it at commit). The year's version
 * advances too: the year, periods included, is one item, and its whole-item writes are
 * conditional on that version, so none can undo a period's change.
 */
export function periodStatusOps(companyId: string, year: YearRecord, period: PeriodRecord, status: PeriodStatus, auditHead?: AuditHead): WriteOp[] {
  const now = Date.now();
  const unpinned: Expr = { expression: 'attribute_not_exists(periods.#p.pinnedUntil) OR periods.#p.pinnedUntil < :pinNow', values: { ':pinNow': now } };
  return [
    // A locked or closed period's figures are final: no wide posting may still be adding to them.
    ...(status === 'open' ? [] : [noPostingUnderWayOp(companyId, period.id)]),
    mainTable.update(
      keys.year(companyId, year.id),
      {
        expression: `SET periods.#p.#status = :status, periods.#p.version = :next, version = version + :one, updatedAt = :now${auditHead ? ', periods.#p.auditHead = :head' : ''}`,
        names: { '#p': period.id, '#status': 'status' },
        values: { ':status': status, ':next': period.version + 1, ':one': 1, ':now': new Date().toISOString(), ...(auditHead ? { ':head': auditHead } : {}) },
      },
      {
        condition: conditions.all({ expression: 'periods.#p.version = :version AND #status = :open', values: { ':version': period.version, ':open': 'open' } }, status === 'open' ? undefined : unpinned)!,
        returnOld: true,
        onConditionFailed: (old) => new VersionConflict(takingPostings(old, period.id, now) ? TAKING_POSTINGS : undefined),
      },
    ),
    ...periodGuardOps(companyId, year.id, period.id, status),
  ];
}

/** Whether the year item as it was carries a live pin on the period. */
function takingPostings(old: Item | undefined, periodId: string, now: number): boolean {
  const pinnedUntil = (old?.periods as Record<string, StoredPeriod> | undefined)?.[periodId]?.pinnedUntil;
  return pinLive(pinnedUntil, now);
}

const TAKING_POSTINGS = 'The period is taking many postings at once; it can be locked or closed once none has been posted into it for 10 minutes.';

const yearOpen: Expr = { expression: '#status = :open', names: { '#status': 'status' }, values: { ':open': 'open' } };

/**
 * Runs `write` once nothing has been posted into the year, holding off new postings meanwhile.
 * Errors: VersionConflict, StateConflict (HasPostings), and whatever `write` raises.
 */
export async function withNoPostings(companyId: string, year: YearRecord, write: (guard: string) => Promise<void>): Promise<void> {
  const balancePks = balanceKeys.partitions(companyId);
  // Postings check the year's posting guards, not the year item: those are held with it.
  await withYearGuard(
    companyId,
    year,
    async () => {
      for (const period of year.periods) {
        if (await anyWithPrefixIn(balancePks, balanceKeys.periodBalancePrefix(period.id))) {
          return new StateConflict('HasPostings', 'Journals have been posted into this financial year, so it cannot be deleted and its dates and periods cannot change (its name still can).');
        }
      }
      return undefined;
    },
    write,
  );
}

/**
 * Runs `write` while the year and its posting guards (posting-guards.ts guardsHeldWithYear)
 * hold off new postings and drafts (see write-guard.ts), once `stillFree` finds nothing that
 * refuses the write.
 */
export async function withYearGuard(companyId: string, year: YearRecord, stillFree: StillFree, write: GuardedWrite): Promise<void> {
  // A pinned year (use-pins.ts) is taking drafts that need not check it.
  await withWriteGuard(keys.year(companyId, year.id), year.version, stillFree, write, guardsHeldWithYear(companyId, year.id), takingDrafts);
}

const takingDrafts = () =>
  new VersionConflict('The financial year is taking many new drafts or postings at once; it can be closed, re-dated or deleted once none has been written into it for 10 minutes.');

/**
 * Posting into a period: the year is open and not held, and the period is open. Checked in the
 * posting transaction on the posting guard of its shard (posting-guards.ts), so a concurrent Lock
 * or Close and a post cannot both win, and concurrent postings do not all check one item.
 */
export function openPeriodCheckOp(companyId: string, yearId: string, periodId: string, shard: number): WriteOp {
  return openPeriodsGuardCheckOp(companyId, yearId, [periodId], shard);
}

/** openPeriodCheckOp for several periods of one year (a wide revaluation, a bulk import): one check per year. */
export function openPeriodsCheckOp(companyId: string, yearId: string, periodIds: readonly string[], shard: number): WriteOp {
  return openPeriodsGuardCheckOp(companyId, yearId, periodIds, shard);
}

/** Records the year's closing journal, unless another request recorded a different one first. */
export function setClosingJournalOp(companyId: string, year: YearRecord, journalId: string): WriteOp {
  const previous: Expr = year.closingJournalId
    ? { expression: 'closingJournalId = :previous', values: { ':previous': year.closingJournalId } }
    : { expression: 'attribute_not_exists(closingJournalId)' };
  return mainTable.update(
    keys.year(companyId, year.id),
    { expression: 'SET closingJournalId = :journalId, version = version + :one', values: { ':journalId': journalId, ':one': 1 } },
    {
      condition: conditions.all(yearOpen, previous),
      onConditionFailed: () => new VersionConflict('The financial year changed while its closing journal was generated; retry.'),
    },
  );
}

/** A company's years by start date (orderBy `StartDate`); the keyword matches the name. */
export function yearsPage(companyId: string, query: ListQuery, keyword: string): Promise<Page<YearRecord>> {
  return keywordListPage(
    { index: 'gsi1', partition: keys.yearListPartition(companyId), companyId, endpoint: 'financialYears.list', keywordAttribute: 'searchName', toRecord: yearFromItem },
    query,
    keyword,
  );
}

/** Counts a wide posting into the period (1) or its end (-1); Lock and Close require none under way. */
export function periodPostingsOp(companyId: string, periodId: string, delta: 1 | -1): WriteOp {
  return mainTable.update(keys.periodPostings(companyId, periodId), {
    expression: 'ADD #count :delta SET entity = :entity',
    names: { '#count': 'count' },
    values: { ':delta': delta, ':entity': 'PeriodPostings' },
  });
}

/** No wide posting is under way into the period. Errors: StateConflict PostingInProgress. */
export function noPostingUnderWayOp(companyId: string, periodId: string): WriteOp {
  return mainTable.check(
    keys.periodPostings(companyId, periodId),
    { expression: 'attribute_not_exists(pk) OR #count = :zero', names: { '#count': 'count' }, values: { ':zero': 0 } },
    () => new StateConflict('PostingInProgress', 'A journal is being posted into this period; retry once it is finished (its Post, Void or Adjust, sent again, finishes it).'),
  );
}
