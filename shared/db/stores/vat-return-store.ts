import { gunzipSync, gzipSync } from 'node:zlib';
import { StateConflict } from '../../errors.ts';
import type { FiledRange, FiledReturn } from '../../vat-returns/records.ts';
import { vatReturnKeys } from '../table/keys.ts';
import { queryAll } from '../table/query-all.ts';
import { onlyAttributes, withRange } from '../table/prefix-query.ts';
import { config } from '../../config.ts';
import { getItem, mainTable, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * A company's filed VAT returns, kept for good: the return item (sorted by its range's first day;
 * its answer gzip-compressed JSON), a pointer from its id, and the count of returns filed that
 * every filing checks and advances.
 */
const meanwhile = () => new StateConflict('FiledMeanwhile', 'Another VAT return was filed meanwhile; read the returns filed and send again.', 'dateFrom');

function filedFromItem(item: Item): FiledReturn {
  return JSON.parse(gunzipSync(item.returnGz as Uint8Array).toString('utf8')) as FiledReturn;
}

/** The return, its id pointer, and the count advanced from `filedBefore` (else 409 FiledMeanwhile). */
export function fileReturnOps(filed: FiledReturn, filedBefore: number): WriteOp[] {
  const key = vatReturnKeys.filed(filed.companyId, filed.dateFrom, filed.returnId);
  return [
    mainTable.put({ ...key, entity: 'VatReturn', returnId: filed.returnId, dateFrom: filed.dateFrom, dateTo: filed.dateTo, filedAt: filed.filedAt, returnGz: gzipSync(JSON.stringify(filed)) }, { condition: { expression: 'attribute_not_exists(pk)' } }),
    mainTable.put({ ...vatReturnKeys.filedById(filed.companyId, filed.returnId), entity: 'VatReturnPointer', dateFrom: filed.dateFrom }, { condition: { expression: 'attribute_not_exists(pk)' } }),
    mainTable.put(
      { ...vatReturnKeys.count(filed.companyId), entity: 'VatReturnCount', filed: filedBefore + 1 },
      { condition: filedBefore === 0 ? { expression: 'attribute_not_exists(pk)' } : { expression: 'filed = :before', values: { ':before': filedBefore } }, onConditionFailed: meanwhile },
    ),
  ];
}

/** Every filed return of the company, oldest range first (strongly consistent). */
export async function filedReturns(companyId: string): Promise<FiledReturn[]> {
  const found: FiledReturn[] = [];
  const pk = vatReturnKeys.filed(companyId, '', '').pk;
  for await (const item of queryAll({ TableName: config.tableName, ...withRange(pk, vatReturnKeys.filedRange), ConsistentRead: true })) found.push(filedFromItem(item));
  return found;
}

/**
 * Every filed return's range and filing instant, oldest range first, without the figures (a
 * return filed before the instant was kept beside them is read whole for it).
 */
export async function filedRanges(companyId: string): Promise<FiledRange[]> {
  const found: FiledRange[] = [];
  const pk = vatReturnKeys.filed(companyId, '', '').pk;
  const read = { ...withRange(pk, vatReturnKeys.filedRange), ...onlyAttributes(['returnId', 'dateFrom', 'dateTo', 'filedAt']) };
  for await (const item of queryAll({ TableName: config.tableName, ...read, ConsistentRead: true })) {
    const filedAt = typeof item.filedAt === 'string' ? item.filedAt : (await getFiledReturn(companyId, String(item.returnId)))!.filedAt;
    found.push({ returnId: String(item.returnId), dateFrom: String(item.dateFrom), dateTo: String(item.dateTo), filedAt });
  }
  return found;
}

/** The filed return with this id, or undefined. */
export async function getFiledReturn(companyId: string, returnId: string): Promise<FiledReturn | undefined> {
  const pointer = await getItem(vatReturnKeys.filedById(companyId, returnId), { consistent: true });
  if (!pointer) return undefined;
  const item = await getItem(vatReturnKeys.filed(companyId, String(pointer.dateFrom), returnId), { consistent: true });
  return item && filedFromItem(item);
}
