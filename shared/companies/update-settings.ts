import { classificationOf } from '../accounts/view.ts';
import type { AccountAttributes } from '../accounts/records.ts';
import type { NodeRecord } from '../tree/records.ts';
import type { Change, UnitOfWork } from '../unit-of-work.ts';
import { NotFound, StateConflict, ValidationError, VersionConflict } from '../errors.ts';
import type { UpdateSettingsInput } from './schemas.ts';
import type { SettingsUpdating } from './store.ts';
import { patchedRetention } from './document-retention.ts';
import { checkTaxRegistration } from './tax-registration.ts';
import type { SettingsView } from './views.ts';

/**
 * Applies a merge patch to the settings (a field left out stays, null clears an account field),
 * conditionally on the version read. Account fields take a UUID or a path, stored as the UUID.
 * - The retained earnings account, when given, must be a leaf equity account of the company (the
 *   year-end close posts to it); the write also checks that neither it nor an ancestor moved meanwhile.
 * - The currency precision may rise at any time, but fall only while the company has no
 *   journal, so no stored amount ever has more decimals than the currency.
 * - The foreign-exchange rounding account (fxRoundingAccountId), when changed, must be a leaf of
 *   the company.
 * - The unrealized exchange gain and loss account (unrealizedFxGainLossAccountId), where
 *   revaluations post the differences, likewise: a leaf of the company.
 * - The base currency changes only while the company has no journal.
 * - The tax registration is whole after the change (tax-registration.ts): a number only with a
 *   jurisdiction and in its form, an Emirate only in the UAE; the jurisdiction changes only
 *   while the company has no tax code.
 * - The document retention is at least the jurisdiction's minimum after the change
 *   (document-retention.ts): null sets the minimum, a kept one rises to a new jurisdiction's.
 * Errors: NotFound (the settings, or an account field naming no account of the company),
 * VersionConflict, ValidationError naming `retainedEarningsAccountId`, `fxRoundingAccountId`,
 * `unrealizedFxGainLossAccountId`, `taxRegistrationNumber`, `defaultEmirate` or `documentRetentionYears`, StateConflict (PrecisionInUse, CurrencyInUse, JurisdictionInUse) naming the field.
 */
export async function updateSettings(settings: SettingsUpdating, uow: UnitOfWork, companyId: string, patch: UpdateSettingsInput): Promise<SettingsView> {
  const before = await settings.get(companyId);
  if (!before) throw new NotFound('The company settings');
  if (before.version !== patch.version) throw new VersionConflict();
  const guards: Change[] = [];
  // One after another, so of two fields naming nothing the first is the one answered.
  const retainedEarnings = await patchedAccount(settings, companyId, patch, 'retainedEarningsAccountId');
  const fxRounding = await patchedAccount(settings, companyId, patch, 'fxRoundingAccountId');
  const unrealizedFxGainLoss = await patchedAccount(settings, companyId, patch, 'unrealizedFxGainLossAccountId');
  if (retainedEarnings) guards.push(...(await accountGuards(settings, companyId, retainedEarnings, 'retainedEarningsAccountId', 'equity')));
  if (fxRounding && fxRounding.id !== before.fxRoundingAccountId) guards.push(...(await accountGuards(settings, companyId, fxRounding, 'fxRoundingAccountId')));
  if (unrealizedFxGainLoss && unrealizedFxGainLoss.id !== before.unrealizedFxGainLossAccountId) {
    guards.push(...(await accountGuards(settings, companyId, unrealizedFxGainLoss, 'unrealizedFxGainLossAccountId')));
  }
  const taxJurisdiction = patch.taxJurisdiction === undefined ? before.taxJurisdiction : patch.taxJurisdiction;
  const after: SettingsView = {
    baseCurrency: patch.baseCurrency ?? before.baseCurrency,
    decimalPrecision: patch.decimalPrecision ?? before.decimalPrecision,
    retainedEarningsAccountId: patched(retainedEarnings, before.retainedEarningsAccountId),
    fxRoundingAccountId: patched(fxRounding, before.fxRoundingAccountId),
    unrealizedFxGainLossAccountId: patched(unrealizedFxGainLoss, before.unrealizedFxGainLossAccountId),
    taxJurisdiction,
    taxRegistrationNumber: patch.taxRegistrationNumber === undefined ? before.taxRegistrationNumber : patch.taxRegistrationNumber,
    defaultEmirate: patch.defaultEmirate === undefined ? before.defaultEmirate : patch.defaultEmirate,
    documentRetentionYears: patchedRetention(before.documentRetentionYears, patch.documentRetentionYears, taxJurisdiction),
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
  };
  // The registration as it would stand, whole: a change of jurisdiction checks the number kept.
  checkTaxRegistration(after);
  if (after.decimalPrecision < before.decimalPrecision) {
    guards.push(
      settings.noJournalsYetCheck(companyId, () => new StateConflict('PrecisionInUse', 'The company has journals; its currency precision can no longer be lowered.', 'decimalPrecision')),
    );
  }
  // Every journal's base amounts are in the base currency, and foreign lines were converted into it.
  if (after.baseCurrency !== before.baseCurrency) {
    guards.push(settings.noJournalsYetCheck(companyId, () => new StateConflict('CurrencyInUse', 'The company has journals; its base currency can no longer change.', 'baseCurrency')));
  }
  // The tax codes' boxes are the return's of the jurisdiction they were checked against.
  if (after.taxJurisdiction !== before.taxJurisdiction) {
    guards.push(settings.noTaxCodesCheck(companyId, () => new StateConflict('JurisdictionInUse', 'The company has tax codes, whose boxes are its return’s; its taxJurisdiction can no longer change.', 'taxJurisdiction')));
  }
  // One account may serve two settings, and two may share ancestors: each is checked once.
  const updated = await uow.commit(settings.replaceChanges(companyId, before, after, guards), after);
  settings.settingsChanged(companyId);
  return updated;
}

type AccountField = 'retainedEarningsAccountId' | 'fxRoundingAccountId' | 'unrealizedFxGainLossAccountId';

/**
 * What the patch makes of an account field: undefined when it leaves the field out, null when
 * it clears it, else the account its UUID or path names (the one resolver of references).
 * Errors: NotFound naming the field.
 */
async function patchedAccount(settings: SettingsUpdating, companyId: string, patch: UpdateSettingsInput, field: AccountField): Promise<NodeRecord<AccountAttributes> | null | undefined> {
  const reference = patch[field];
  return reference === undefined || reference === null ? reference : settings.accounts.resolve(companyId, reference, field);
}

/** The field's id after the patch: the account given, null when cleared, the old one when left out. */
const patched = (account: NodeRecord<AccountAttributes> | null | undefined, before: string | null) => (account === undefined ? before : (account?.id ?? null));

/**
 * Checks a settings account qualifies now (a leaf, of `classification` where one is required),
 * and returns the writes that check it still does at commit.
 */
async function accountGuards(settings: SettingsUpdating, companyId: string, account: NodeRecord<AccountAttributes>, field: AccountField, classification?: string): Promise<Change[]> {
  const chain = await settings.accounts.chain(companyId, account);
  if (account.attributes.accountType !== 'leaf' || (classification && classificationOf(chain) !== classification)) {
    throw ValidationError.field(field, `must be a leaf account${classification ? ` classified as ${classification}` : ''}`);
  }
  return chain.map((node) => settings.accountUnchangedCheck(companyId, node));
}
