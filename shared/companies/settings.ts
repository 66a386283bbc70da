import { getSettings as loadSettings } from '../db/stores/settings-store.ts';
import { NotFound } from '../errors.ts';
import type { SettingsView } from './views.ts';

/** Errors: NotFound. */
export async function getSettings(companyId: string): Promise<SettingsView> {
  const settings = await loadSettings(companyId);
  if (!settings) throw new NotFound('The company settings');
  return settings;
}
