import type { Change } from '../unit-of-work.ts';
import type { SettingsView } from './views.ts';

/** The company's settings as a draft's amounts used them (its precision, base currency and rounding account). */
export interface DraftSettingsRead {
  settings: SettingsView;
}

/**
 * The company's settings as drafts use them (shared/db/capacity/settled-settings.ts keeps them):
 * read quickly, and checked when the draft commits to be still what its amounts used.
 */
export interface DraftSettings {
  /** The settings for a draft's amounts. Errors: NotFound. */
  read(companyId: string): Promise<DraftSettingsRead>;
  /**
   * What the draft's commit checks of the settings `read`, so a draft never commits on settings
   * changed meanwhile: `rounding`, the draft uses the rounding account; `serialDrawn`, its serial
   * number was drawn since the read (a create). Errors: VersionConflict (the settings changed
   * since the read; also at commit).
   */
  stillHold(companyId: string, read: DraftSettingsRead, draft: { rounding: boolean; serialDrawn: boolean }): Promise<Change[]>;
  /** After this process changed the settings: a draft reads them again. */
  forget(companyId: string): void;
}
