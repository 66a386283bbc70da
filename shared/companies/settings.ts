import { accounts, classificationOf } from '../accounts/account-kind.ts';
import { draftSettings } from './draft-settings.ts';
import { unchangedCheckOp } from '../db/stores/nodes/node-references.ts';
import { getSettings as loadSettings, updateSettingsOps } from '../db/stores/settings-store.ts';
import { noJournalsYetOp } from '../db/ledger/journal-store.ts';
import { onePerItem } from '../db/table/transact.ts';
import type { Change, UnitOfWork } from '../unit-of-work.ts';
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
 * - The foreign-exchange rounding account (fxRoundingAccountId), when set, must be a leaf of the
 *   company; left out of the request, it stays as it was.
 * - The unrealized exchange gain and loss account (unrealizedFxGainLossAccountId), where
 *   revaluations post the differences, likewise: a leaf of the company, unchanged when left out.
 * - The base currency changes only while the company has no journal.
 * Errors: NotFound, VersionConflict, ValidationError naming `retainedEarningsAccountId`,
 * `fxRoundingAccountId` or `unrealizedFxGainLossAccountId`, StateConflict (PrecisionInUse, CurrencyInUse) naming the field.
 */
export async function updateSettings(uow: UnitOfWork, companyId: string, input: UpdateSettingsInput): Promise<SettingsView> {
  const before = await getSettings(companyId);
  if (before.version !== input.version) throw new VersionConflict();
  const guards: Change[] = [];
  if (input.retainedEarningsAccountId) guards.push(...(await accountGuards(companyId, input.retainedEarningsAccountId, 'retainedEarningsAccountId', 'equity')));
  const fxRoundingAccountId = input.fxRoundingAccountId === undefined ? before.fxRoundingAccountId : input.fxRoundingAccountId;
  if (fxRoundingAccountId && fxRoundingAccountId !== before.fxRoundingAccountId) guards.push(...(await accountGuards(companyId, fxRoundingAccountId, 'fxRoundingAccountId')));
  const unrealizedFxGainLossAccountId = input.unrealizedFxGainLossAccountId === undefined ? before.unrealizedFxGainLossAccountId : input.unrealizedFxGainLossAccountId;
  if (unrealizedFxGainLossAccountId && unrealizedFxGainLossAccountId !== before.unrealizedFxGainLossAccountId) {
    guards.push(...(await accountGuards(companyId, unrealizedFxGainLossAccountId, 'unrealizedFxGainLossAccountId')));
  }
  if (input.decimalPrecision < before.decimalPrecision) {
    guards.push(
      noJournalsYetOp(companyId, () => new StateConflict('PrecisionInUse', 'The company has journals; its currency precision can no longer be lowered.', 'decimalPrecision')),
    );
  }
  // Every journal's base amounts are in the base currency, and foreign lines were converted into it.
  if (input.baseCurrency !== before.baseCurrency) {
    guards.push(noJournalsYetOp(companyId, () => new StateConflict('CurrencyInUse', 'The company has journals; its base currency can no longer change.', 'baseCurrency')));
  }
  const after: SettingsView = {
    baseCurrency: input.baseCurrency,
    decimalPrecision: input.decimalPrecision,
    retainedEarningsAccountId: input.retainedEarningsAccountId,
    fxRoundingAccountId,
    unrealizedFxGainLossAccountId,
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
  };
  // One account may serve two settings, and two may share ancestors: each is checked once.
  const updated = await uow.commit([...updateSettingsOps(companyId, before, after), ...onePerItem(guards)], after);
  draftSettings.forget(companyId);
  return updated;
}

/**
 * Checks a settings account qualifies now (a leaf, of `classification` where one is required),
 * and returns the writes that check it still does at commit.
 */
async function accountGuards(companyId: string, accountId: string, field: string, classification?: string): Promise<Change[]> {
  const account = await accounts.store.get(companyId, accountId);
  if (!account) throw new NotFound('The account', field);
  const chain = await accounts.store.chain(companyId, account);
  if (account.attributes.accountType !== 'leaf' || (classification && classificationOf(chain) !== classification)) {
    throw ValidationError.field(field, `must be a leaf account${classification ? ` classified as ${classification}` : ''}`);
  }
  return chain.map((node) => unchangedCheckOp(accounts.store, companyId, node));
}
