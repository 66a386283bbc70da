import { accounts, classificationOf } from '../accounts/account-kind.ts';
import { unchangedCheckOp } from '../db/nodes/node-references.ts';
import { getSettings as loadSettings, updateSettingsOps } from '../db/settings-store.ts';
import { noJournalsYetOp } from '../db/journal-store.ts';
import type { WriteOp } from '../db/transact.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import { NotFound, StateConflict, ValidationError, VersionConflict } from '../errors.ts';
import type { UpdateSettingsInput } from './schemas.ts';
import type { SettingsView } from './views.ts';

/** Errors: NotFound. */
export async function getSettings(companyId: string): Promise<SettingsView> {
  const settings = await loadSettings(companyId);
  if (!settings) throw new NotFound('The company settings');
  return settings;
}

/**
 * Replaces the settings, conditionally on the version read.
 * - The retained earnings account, when set, must be a leaf equity account of the company (the
 *   year-end close posts to it); the write also checks that neither it nor an ancestor moved meanwhile.
 * - The currency precision may rise at any time, but fall only while the company has no
 *   journal, so no stored amount ever has more decimals than the currency.
 * Errors: NotFound, VersionConflict, ValidationError naming `retainedEarningsAccountId`,
 * StateConflict (PrecisionInUse) naming `decimalPrecision`.
 */
export async function updateSettings(uow: UnitOfWork, companyId: string, input: UpdateSettingsInput): Promise<SettingsView> {
  const before = await getSettings(companyId);
  if (before.version !== input.version) throw new VersionConflict();
  const guards: WriteOp[] = [];
  if (input.retainedEarningsAccountId) guards.push(...(await retainedEarningsGuards(companyId, input.retainedEarningsAccountId)));
  if (input.decimalPrecision < before.decimalPrecision) {
    guards.push(
      noJournalsYetOp(companyId, () => new StateConflict('PrecisionInUse', 'The company has journals; its currency precision can no longer be lowered.', 'decimalPrecision')),
    );
  }
  const after: SettingsView = {
    baseCurrency: input.baseCurrency,
    decimalPrecision: input.decimalPrecision,
    retainedEarningsAccountId: input.retainedEarningsAccountId,
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
  };
  return uow.commit([...updateSettingsOps(companyId, before, after), ...guards], after);
}

/** Checks the account qualifies now, and returns the writes that check it still does at commit. */
async function retainedEarningsGuards(companyId: string, accountId: string): Promise<WriteOp[]> {
  const account = await accounts.store.get(companyId, accountId);
  if (!account) throw new NotFound('The retained earnings account', 'retainedEarningsAccountId');
  const chain = await accounts.store.chain(companyId, account);
  if (account.attributes.accountType !== 'leaf' || classificationOf(chain) !== 'equity') {
    throw ValidationError.field('retainedEarningsAccountId', 'must be a leaf account classified as equity');
  }
  return chain.map((node) => unchangedCheckOp(accounts.store, companyId, node));
}
