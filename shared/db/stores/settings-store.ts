import { VersionConflict, type AppError } from '../../errors.ts';
import * as keys from '../table/keys.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';
import type { SettingsRecord } from '../../companies/records.ts';

const FIELDS = ['baseCurrency', 'decimalPrecision', 'retainedEarningsAccountId', 'fxRoundingAccountId', 'unrealizedFxGainLossAccountId', 'taxJurisdiction', 'taxRegistrationNumber', 'defaultEmirate', 'documentRetentionYears', 'version', 'updatedAt'] as const;
const settingsFromItem = (item: Item): SettingsRecord => {
  const record = recordOf<SettingsRecord>(item, FIELDS);
  return {
    ...record,
    retainedEarningsAccountId: record.retainedEarningsAccountId ?? null, fxRoundingAccountId: record.fxRoundingAccountId ?? null, unrealizedFxGainLossAccountId: record.unrealizedFxGainLossAccountId ?? null,
    // Settings written before the tax registration was kept have none.
    taxJurisdiction: record.taxJurisdiction ?? null,
    taxRegistrationNumber: record.taxRegistrationNumber ?? null,
    defaultEmirate: record.defaultEmirate ?? null,
  };
};

export const settingsItem = (companyId: string, settings: SettingsRecord): Item => ({ ...keys.settings(companyId), entity: 'Settings', companyId, ...settings });

export async function getSettings(companyId: string): Promise<SettingsRecord | undefined> {
  const item = await getItem(keys.settings(companyId));
  return item && settingsFromItem(item);
}

export function updateSettingsOps(companyId: string, before: SettingsRecord, after: SettingsRecord): WriteOp[] {
  return [mainTable.put(settingsItem(companyId, after), { condition: conditions.atVersion(before.version), onConditionFailed: () => new VersionConflict() })];
}

const check = (companyId: string, condition: { expression: string; values: Record<string, unknown> }, error: () => AppError) =>
  mainTable.check(keys.settings(companyId), condition, error);

/** The settings still name `accountId` (or nothing, for null) as the retained earnings account. */
export function retainedEarningsUnchangedOp(companyId: string, accountId: string | null, error: () => AppError): WriteOp {
  return accountId
    ? check(companyId, { expression: 'retainedEarningsAccountId = :account', values: { ':account': accountId } }, error)
    : check(companyId, { expression: 'attribute_not_exists(retainedEarningsAccountId) OR attribute_type(retainedEarningsAccountId, :null)', values: { ':null': 'NULL' } }, error);
}

/** The settings fields that name an account: the year-end close, the rounding line and revaluations post to them. */
export const SETTINGS_ACCOUNT_FIELDS = ['retainedEarningsAccountId', 'fxRoundingAccountId', 'unrealizedFxGainLossAccountId'] as const;

/** The settings name `accountId` in none of their account fields (a field left out or null names none). */
export function notNamedBySettingsOp(companyId: string, accountId: string, error: () => AppError): WriteOp {
  return check(companyId, { expression: SETTINGS_ACCOUNT_FIELDS.map((field) => `NOT ${field} = :account`).join(' AND '), values: { ':account': accountId } }, error);
}

/**
 * The settings still carry what a draft's amounts were computed with: the currency precision
 * they were checked against, the base currency they were converted into, and the account of the
 * rounding line (or none).
 */
export function draftSettingsUnchangedOp(companyId: string, settings: Pick<SettingsRecord, 'decimalPrecision' | 'baseCurrency' | 'fxRoundingAccountId'>, error: () => AppError): WriteOp {
  const rounding = settings.fxRoundingAccountId
    ? { expression: 'fxRoundingAccountId = :rounding', values: { ':rounding': settings.fxRoundingAccountId } }
    : { expression: '(attribute_not_exists(fxRoundingAccountId) OR attribute_type(fxRoundingAccountId, :null))', values: { ':null': 'NULL' } };
  return check(
    companyId,
    {
      expression: `decimalPrecision = :precision AND baseCurrency = :currency AND ${rounding.expression}`,
      values: { ':precision': settings.decimalPrecision, ':currency': settings.baseCurrency, ...rounding.values },
    },
    error,
  );
}

/** The company's base currency is not `currency` (a foreign-currency record checks it at commit). */
export function notBaseCurrencyOp(companyId: string, currency: string, error: () => AppError): WriteOp {
  return check(companyId, { expression: 'baseCurrency <> :currency', values: { ':currency': currency } }, error);
}

/** The settings still name `jurisdiction` as the company's tax jurisdiction (null: none). */
export function jurisdictionUnchangedOp(companyId: string, jurisdiction: string | null, error: () => AppError): WriteOp {
  return jurisdiction
    ? check(companyId, { expression: 'taxJurisdiction = :jurisdiction', values: { ':jurisdiction': jurisdiction } }, error)
    : check(companyId, { expression: 'attribute_not_exists(taxJurisdiction) OR attribute_type(taxJurisdiction, :null)', values: { ':null': 'NULL' } }, error);
}
