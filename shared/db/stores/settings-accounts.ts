import type { SettingsAccounts } from '../../accounts/store.ts';
import { getSettings, notNamedBySettingsOp, retainedEarningsUnchangedOp, SETTINGS_ACCOUNT_FIELDS } from './settings-store.ts';

/** The accounts the settings name, as the account rules ask (accounts/store.ts): one settings read each. */
export const settingsAccounts: SettingsAccounts = {
  fieldNaming: async (companyId, accountId) => {
    const settings = await getSettings(companyId);
    return SETTINGS_ACCOUNT_FIELDS.find((name) => settings?.[name] === accountId);
  },
  retainedEarnings: async (companyId) => (await getSettings(companyId))?.retainedEarningsAccountId ?? null,
  notNamingChange: notNamedBySettingsOp,
  retainedEarningsStillChange: retainedEarningsUnchangedOp,
};
