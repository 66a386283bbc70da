import { NotFound } from '../errors.ts';
import type { SettingsReads } from './store.ts';
import { settingsView, type SettingsView } from './views.ts';

/** Errors: NotFound. */
export async function getSettings(reads: SettingsReads, companyId: string): Promise<SettingsView> {
  const settings = await reads.settings(companyId);
  if (!settings) throw new NotFound('The company settings');
  return settingsView(settings);
}
