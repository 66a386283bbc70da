import { NotFound, StateConflict, VersionConflict, type AppError } from '../../errors.ts';
import type { TaxJurisdiction } from '../../companies/tax-registration.ts';
import type { Page } from '../../schemas/list-query.ts';
import type { TaxCodeRecord } from '../../tax-codes/records.ts';
import type { TaxCodeFilters } from '../../tax-codes/store.ts';
import { batchGetItems } from '../table/batch-get.ts';
import type { CursorBinding } from '../table/cursor.ts';
import { taxCodeKeys } from '../table/keys.ts';
import { mapPage, matchingFilter, queryPage } from '../table/paginate.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';
import { jurisdictionUnchangedOp } from './settings-store.ts';

/**
 * A company's tax codes. The code item's key is built from its text, so a conditional put makes
 * the text unique however many creates race, and lines naming a code read it in one get; a
 * pointer maps the code's id to that key for the REST routes. A marker item says the company
 * has codes: a change of its jurisdiction checks it is absent.
 */
const FIELDS = ['companyId', 'taxCodeId', 'code', 'name', 'kind', 'direction', 'rates', 'taxAccountId', 'reverseChargeAccountId', 'baseBoxes', 'taxBoxes', 'active', 'version', 'createdAt', 'updatedAt'] as const;
const codeFromItem = (item: Item) => recordOf<TaxCodeRecord>(item, FIELDS);

const duplicate = () => new StateConflict('DuplicateTaxCode', 'The company already has a tax code with this code; change that code instead.', 'code');
const jurisdictionChanged = () => new StateConflict('JurisdictionChanged', 'The company’s taxJurisdiction changed meanwhile: the boxes were checked against the former one. Read the settings and send again.', 'taxJurisdiction');

/** The code with this id, or undefined (two strongly consistent reads: the pointer, then the code). */
export async function getTaxCode(companyId: string, taxCodeId: string): Promise<TaxCodeRecord | undefined> {
  const pointer = await getItem(taxCodeKeys.codeById(companyId, taxCodeId), { consistent: true });
  if (!pointer) return undefined;
  const item = await getItem(taxCodeKeys.code(companyId, String(pointer.code)), { consistent: true });
  return item && codeFromItem(item);
}

/** The codes with these ids that exist (each read strongly consistent: pointers, then codes, in batches). */
export async function getTaxCodes(companyId: string, taxCodeIds: string[]): Promise<TaxCodeRecord[]> {
  const pointers = await batchGetItems(taxCodeIds.map((id) => taxCodeKeys.codeById(companyId, id)), { consistent: true });
  const items = await batchGetItems(pointers.map((p) => taxCodeKeys.code(companyId, String(p.code))), { consistent: true });
  return items.map(codeFromItem);
}

/**
 * The codes with these texts that exist, as a draft reads them: eventually consistent (half the
 * read units of every taxed draft), as a draft never checks its codes again at commit: a code
 * changed a moment ago applies to the drafts written after it, as an exchange rate does. A copy
 * that would refuse the draft (a code missing or inactive) is read again strongly consistent, so
 * a code just created or activated is never refused for a stale copy.
 */
export async function getTaxCodesByCode(companyId: string, codes: string[]): Promise<TaxCodeRecord[]> {
  const keys = codes.map((code) => taxCodeKeys.code(companyId, code));
  const quick = (await batchGetItems(keys)).map(codeFromItem);
  if (quick.length === codes.length && quick.every((c) => c.active)) return quick;
  return (await batchGetItems(keys, { consistent: true })).map(codeFromItem);
}

/** The code item (absent: else 409 DuplicateTaxCode naming `code`) and its id pointer. */
export function createTaxCodeOps(code: TaxCodeRecord): WriteOp[] {
  return [
    mainTable.put({ ...taxCodeKeys.code(code.companyId, code.code), entity: 'TaxCode', ...code }, { condition: conditions.absent, onConditionFailed: duplicate }),
    mainTable.put({ ...taxCodeKeys.codeById(code.companyId, code.taxCodeId), entity: 'TaxCodePointer', code: code.code }, { condition: conditions.absent }),
  ];
}

/** A versioned replace of the code; a code changed meanwhile is 409. */
export function replaceTaxCodeOp(before: TaxCodeRecord, after: TaxCodeRecord): WriteOp {
  return mainTable.put(
    { ...taxCodeKeys.code(after.companyId, after.code), entity: 'TaxCode', ...after },
    { condition: conditions.atVersion(before.version), returnOld: true, onConditionFailed: (old) => (old ? new VersionConflict() : new NotFound('The tax code')) },
  );
}

/** The jurisdiction is still as read, and the marker that fixes it from now on. */
export function jurisdictionHeldOps(companyId: string, jurisdiction: TaxJurisdiction | null): WriteOp[] {
  return [jurisdictionUnchangedOp(companyId, jurisdiction, jurisdictionChanged), mainTable.put({ ...taxCodeKeys.marker(companyId), entity: 'TaxCodeMarker' })];
}

/** At commit, the company has no tax code; else `error()`. */
export function noTaxCodesOp(companyId: string, error: () => AppError): WriteOp {
  return mainTable.check(taxCodeKeys.marker(companyId), conditions.absent, error);
}

/** One page of codes by code (descending unless `orderAsc`), narrowed by `filters` (a FilterExpression: a company has few codes). */
export async function taxCodesPage(companyId: string, query: { page?: string | undefined; pageSize: number; orderAsc: boolean }, filters: TaxCodeFilters): Promise<Page<TaxCodeRecord>> {
  const wanted = Object.entries(filters).filter(([, value]) => value !== undefined) as Array<[keyof TaxCodeFilters, string | boolean]>;
  const binding: CursorBinding = { companyId, endpoint: 'taxCodes.list', orderBy: 'Code', orderAsc: query.orderAsc, filters: Object.fromEntries(wanted.map(([name, value]) => [name, String(value)])) };
  const page = await queryPage({
    partition: taxCodeKeys.code(companyId, '').pk,
    range: taxCodeKeys.codeRange,
    pageSize: query.pageSize,
    page: query.page,
    binding,
    ...matchingFilter(filters),
  });
  return mapPage(page, codeFromItem);
}
