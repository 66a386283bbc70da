import { config } from '../../config.ts';
import type { DraftSettings, DraftSettingsRead } from '../../companies/store.ts';
import type { SettingsRecord } from '../../companies/records.ts';
import { NotFound, VersionConflict } from '../../errors.ts';
import { WarmCache } from '../../warm-cache.ts';
import { draftSettingsUnchangedOp, getSettings } from '../stores/settings-store.ts';
import type { WriteOp } from '../table/transact.ts';
import { counterKnownToExist, learnCounterExists } from './serial-draw.ts';

/**
 * A company's settings as a draft's create or update reads them: kept by a warm function for
 * `config.settingsCacheMs` (60 s by default), so a draft does not wait on a settings read.
 *
 * Why a stale copy cannot reach the books: the draft's transaction checks that the settings
 * still hold the precision, base currency and rounding account it used (draftSettingsCheckOp).
 * When a change made elsewhere meanwhile touched one of them, the write is refused with 409
 * (nothing written) and this copy dropped, so the retry reads the settings again: a change costs
 * each warm function at most one refused draft. Within the lifetime, a draft whose amounts need
 * the raised precision is refused with 400 until the copy expires or a refusal drops it.
 * A change made by this process is seen at once (forgetDraftSettings).
 */
const kept = new WarmCache<SettingsRecord>(() => config.settingsCacheMs);

/** Errors: NotFound. */
function draftSettings(companyId: string): Promise<SettingsRecord> {
  // Read from storage here, not through companies/settings.ts: an update (companies/update-settings.ts) forgets this copy.
  return kept.get(companyId, async () => (await getSettings(companyId)) ?? NotFound.throw('The company settings'));
}

const settingsChanged = () => new VersionConflict("The company's settings (currency, precision or rounding account) changed meanwhile; retry.");

/** The check, in a draft's transaction, that the settings it used still hold. Errors: VersionConflict (at commit). */
function draftSettingsCheckOp(companyId: string, settings: SettingsRecord): WriteOp {
  return draftSettingsUnchangedOp(companyId, settings, () => {
    forgetDraftSettings(companyId);
    return settingsChanged();
  });
}

/** Copies read once this instance knew the company's serial counter exists (settledDraftSettings). */
const keptSettled = new WarmCache<SettingsRecord>(() => config.settingsCacheMs);

/**
 * The settings for a draft, and whether they are settled: this instance has drawn a serial
 * number of the company or read its counter, so the counter exists, and from then on its precision can only rise and
 * its base currency not change (companies/update-settings.ts). A copy whose read began since then is safe for the
 * draft's amounts without a check in its transaction, so the settings item is not touched by
 * every create; such copies are kept apart from those read before. The rounding account may
 * change any time: a draft that uses it still checks (stillHold).
 */
export async function settledDraftSettings(companyId: string): Promise<SettledRead> {
  // Unless the counter is known to exist, the settings are read beside the look for it, and used (checked at commit) if there is none.
  const [exists, unsettled] = await Promise.all([learnCounterExists(companyId), counterKnownToExist(companyId) ? undefined : draftSettings(companyId)]);
  if (!exists) return { settings: unsettled!, settled: false };
  // A settled copy is read after the counter was seen: one read before might predate a change made while there was none.
  return { settings: await keptSettled.get(companyId, async () => (await getSettings(companyId)) ?? NotFound.throw('The company settings')), settled: true };
}

/**
 * Settles an unsettled copy a create's amounts used, once the create has drawn its serial
 * number: the counter exists from then on, so the base currency is fixed and the precision
 * can only rise (companies/update-settings.ts checks there is no counter), and a copy settled since (read after the
 * counter was seen) with the same precision, base currency and rounding account means the
 * settings held at that read and hold at commit. So the company's first creates need not all
 * check the one settings item in their transactions, where they would cancel each other.
 * Different, the create is refused as its check would refuse it (VersionConflict).
 */
async function settleAfterDraw(companyId: string, used: SettingsRecord): Promise<void> {
  const { settings, settled } = await settledDraftSettings(companyId);
  const same = settled && settings.decimalPrecision === used.decimalPrecision && settings.baseCurrency === used.baseCurrency && (settings.fxRoundingAccountId ?? null) === (used.fxRoundingAccountId ?? null);
  if (same) return;
  forgetDraftSettings(companyId);
  throw settingsChanged();
}

/** After this process changed the settings. */
function forgetDraftSettings(companyId: string): void {
  kept.forget(companyId);
  keptSettled.forget(companyId);
}

/** A read, and whether it was settled when read. */
interface SettledRead extends DraftSettingsRead {
  settled: boolean;
}

export const settledSettings: DraftSettings = {
  read: settledDraftSettings,
  /**
   * None for a settled copy, unless the draft needs the rounding account (it may change any time);
   * a create's unsettled copy is settled once its serial number is drawn (settleAfterDraw).
   */
  async stillHold(companyId, read, { rounding, serialDrawn }) {
    const { settings, settled } = read as SettledRead;
    if (serialDrawn && !settled) await settleAfterDraw(companyId, settings);
    return (settled || serialDrawn) && !rounding ? [] : [draftSettingsCheckOp(companyId, settings)];
  },
  forget: forgetDraftSettings,
};
