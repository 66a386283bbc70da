import { accounts } from '../accounts/account-kind.ts';
import { getSettings as loadSettings, updateSettingsOps } from '../db/company-store.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import { NotFound, ValidationError, VersionConflict } from '../errors.ts';
import type { UpdateSettingsInput } from './schemas.ts';
import type { SettingsView } from './views.ts';

/** Errors: NotFound. */
export async function getSettings(companyId: string): Promise<SettingsView> {
  const settings = await loadSettings(companyId);
  if (!settings) throw new NotFound('The company settings');
  return settings;
}

/**
 * Replaces the settings, conditionally on the version read. The retained earnings account,
 * when set, must be a leaf equity account of the company (the year-end close posts to it).
 * Errors: NotFound, VersionConflict, ValidationError naming `retainedEarningsAccountId`.
 */
export async function updateSettings(uow: UnitOfWork, companyId: string, input: UpdateSettingsInput): Promise<SettingsView> {
  const before = await getSettings(companyId);
  if (before.version !== input.version) throw new VersionConflict();
  if (input.retainedEarningsAccountId) {
    const account = await accounts.store.get(companyId, input.retainedEarningsAccountId);
    if (!account) throw new NotFound('The retained earnings account', 'retainedEarningsAccountId');
    const view = accounts.view(account, await accounts.store.chain(companyId, account));
    if (view.type !== 'leaf' || view.classification !== 'equity') {
      throw ValidationError.field('retainedEarningsAccountId', 'must be a leaf account classified as equity');
    }
  }
  const after: SettingsView = {
    baseCurrency: input.baseCurrency,
    decimalPrecision: input.decimalPrecision,
    retainedEarningsAccountId: input.retainedEarningsAccountId,
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
  };
  return uow.commit(updateSettingsOps(companyId, before, after), after);
}
