import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { NotFound, StateConflict, VersionConflict, type AppError } from '../../errors.ts';
import type { ExchangeRateRecord } from '../../exchange-rates/records.ts';
import type { RateFilters } from '../../exchange-rates/store.ts';
import type { Page } from '../../schemas/list-query.ts';
import { MAX_DATE, MIN_DATE } from '../../schemas/dates.ts';
import { db } from '../table/client.ts';
import type { CursorBinding } from '../table/cursor.ts';
import { exchangeRateKeys } from '../table/keys.ts';
import { mapPage, queryPage } from '../table/paginate.ts';
import { withRange } from '../table/prefix-query.ts';
import { notBaseCurrencyOp } from './settings-store.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * A company's exchange rates. The rate item's key is built from (currency, date), so a
 * conditional put makes the pair unique however many creates race, and one currency's rates
 * sort by date ("the latest on or before a day" is one query). A pointer item maps the rate's
 * id to that key for the REST routes; gsi1 lists every currency's rates by date.
 */
const FIELDS = ['companyId', 'rateId', 'currency', 'date', 'rate', 'version', 'createdAt', 'updatedAt'] as const;
const rateFromItem = (item: Item) => recordOf<ExchangeRateRecord>(item, FIELDS);

const rateKey = (r: Pick<ExchangeRateRecord, 'companyId' | 'currency' | 'date'>) => exchangeRateKeys.rate(r.companyId, r.currency, r.date);

const duplicate = () => new StateConflict('DuplicateRate', 'The company already has a rate for this currency on this date; change that rate instead.', 'date');

/** The rate with this id, or undefined (two strongly consistent reads: the pointer, then the rate). */
export async function getExchangeRate(companyId: string, rateId: string): Promise<ExchangeRateRecord | undefined> {
  const pointer = await getItem(exchangeRateKeys.rateById(companyId, rateId), { consistent: true });
  if (!pointer) return undefined;
  const item = await getItem(exchangeRateKeys.rate(companyId, String(pointer.currency), String(pointer.date)), { consistent: true });
  return item && rateFromItem(item);
}

/**
 * The rate in effect for `currency` on `date`: the latest dated on or before it, or undefined
 * when the company has none that early. One strongly consistent query, newest first, one item.
 */
export async function rateInEffect(companyId: string, currency: string, date: string): Promise<ExchangeRateRecord | undefined> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: config.tableName,
      ...withRange(exchangeRateKeys.rate(companyId, currency, date).pk, exchangeRateKeys.rateRange(currency, '', date)),
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  const item = Items?.[0];
  return item && rateFromItem(item);
}

/** The rate in effect's figure (rateInEffect), as the books read it (journals/store.ts Books.rateOn). */
export const rateOn = async (companyId: string, currency: string, date: string): Promise<string | undefined> => (await rateInEffect(companyId, currency, date))?.rate;

/**
 * The rate item (absent: else 409 DuplicateRate naming `date`), its id pointer, and a check that
 * the currency is still not the company's base currency (else `baseCurrency()`'s error).
 */
export function createExchangeRateOps(rate: ExchangeRateRecord, baseCurrency: () => AppError): WriteOp[] {
  return [
    mainTable.put({ ...rateKey(rate), ...exchangeRateKeys.rateByDate(rate.companyId, rate.date, rate.currency), entity: 'ExchangeRate', ...rate }, { condition: conditions.absent, onConditionFailed: duplicate }),
    mainTable.put({ ...exchangeRateKeys.rateById(rate.companyId, rate.rateId), entity: 'ExchangeRatePointer', currency: rate.currency, date: rate.date }, { condition: conditions.absent }),
    notBaseCurrencyOp(rate.companyId, rate.currency, baseCurrency),
  ];
}

/** A versioned change of the rate; a rate deleted meanwhile is 404, one changed meanwhile 409. */
export function updateExchangeRateOp(before: ExchangeRateRecord, after: ExchangeRateRecord): WriteOp {
  return mainTable.update(
    rateKey(after),
    { expression: 'SET #rate = :rate, version = :next, updatedAt = :now', names: { '#rate': 'rate' }, values: { ':rate': after.rate, ':next': after.version, ':now': after.updatedAt } },
    { condition: conditions.atVersion(before.version), returnOld: true, onConditionFailed: (old) => (old ? new VersionConflict() : new NotFound('The exchange rate')) },
  );
}

/** Deletes the rate at its version, and its id pointer. */
export function deleteExchangeRateOps(rate: ExchangeRateRecord): WriteOp[] {
  return [
    mainTable.delete(rateKey(rate), { condition: conditions.atVersion(rate.version), returnOld: true, onConditionFailed: (old) => (old ? new VersionConflict() : new NotFound('The exchange rate')) }),
    mainTable.delete(exchangeRateKeys.rateById(rate.companyId, rate.rateId)),
  ];
}

/**
 * One page of rates by date, then currency (descending unless `orderAsc`). With a currency,
 * its own key range of the table (strongly consistent); without, the date range of gsi1.
 * Either way only matching items are read.
 */
export async function exchangeRatesPage(companyId: string, query: { page?: string | undefined; pageSize: number; orderAsc: boolean }, filters: RateFilters): Promise<Page<ExchangeRateRecord>> {
  const from = filters.dateFrom ?? MIN_DATE;
  const to = filters.dateTo ?? MAX_DATE;
  const binding: CursorBinding = { companyId, endpoint: 'exchangeRates.list', orderBy: 'Date', orderAsc: query.orderAsc, filters: { currency: filters.currency ?? '', dateFrom: from, dateTo: to } };
  const page = await queryPage({
    ...(filters.currency
      ? { partition: exchangeRateKeys.rate(companyId, filters.currency, from).pk, range: exchangeRateKeys.rateRange(filters.currency, from, to) }
      : { index: 'gsi1', partition: exchangeRateKeys.rateListPartition(companyId), range: exchangeRateKeys.rateByDateRange(from, to) }),
    pageSize: query.pageSize,
    page: query.page,
    binding,
  });
  return mapPage(page, rateFromItem);
}
