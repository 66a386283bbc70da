import type { AccountAttributes } from '../accounts/records.ts';
import type { AppError } from '../errors.ts';
import type { MemberRecord } from '../members/records.ts';
import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { NodeRecord } from '../tree/records.ts';
import type { NodeReads } from '../tree/store.ts';
import type { Change } from '../unit-of-work.ts';
import type { CompanyRecord, SettingsRecord } from './records.ts';

/** The company's settings as kept (settings.ts and the use cases reading them). */
export interface SettingsReads {
  settings(companyId: string): Promise<SettingsRecord | undefined>;
}

/** The company's settings as a draft's amounts used them (its precision, base currency and rounding account). */
export interface DraftSettingsRead {
  settings: SettingsRecord;
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

/*
 * What the company use cases (create-company.ts, read-companies.ts) need of the place companies
 * are kept, one port per use case so a handler carries only what it uses.
 */

export interface CompanyCreating {
  /** The company, its settings and its first owner, together. */
  createChanges(company: CompanyRecord, settings: SettingsRecord, owner: MemberRecord): Change[];
}

export interface CompanyReads {
  get(companyId: string): Promise<CompanyRecord | undefined>;
}

export interface CompanyList {
  /** A page of the user's memberships in the order they joined. Errors: ValidationError (InvalidCursor). */
  membershipsPage(userId: string, query: ListQuery): Promise<Page<MemberRecord>>;
  /** These companies by id; unknown ones are left out. */
  getMany(companyIds: string[]): Promise<Map<string, CompanyRecord>>;
}

/** What a change of the settings (update-settings.ts) needs: the settings, and the checks its commit makes. */
export interface SettingsUpdating {
  get(companyId: string): Promise<SettingsRecord | undefined>;
  /** The accounts the patch names: each resolved from its UUID or path, and its chain read (root first). */
  accounts: Pick<NodeReads<AccountAttributes>, 'resolve' | 'chain'>;
  /**
   * The settings replaced at the version read, with these checks that what the change relied on
   * still holds (each record checked once, however many checks name it). Errors at commit:
   * VersionConflict, the checks' own.
   */
  replaceChanges(companyId: string, before: SettingsRecord, after: SettingsRecord, checks: readonly Change[]): Change[];
  /** At commit, the account is as read: not moved, not changed. Errors at commit: VersionConflict. */
  accountUnchangedCheck(companyId: string, account: NodeRecord<AccountAttributes>): Change;
  /** At commit, the company has never had a journal; else `error()`. */
  noJournalsYetCheck(companyId: string, error: () => AppError): Change;
  /** At commit, the company has never had a tax code; else `error()`. */
  noTaxCodesCheck(companyId: string, error: () => AppError): Change;
  /** After the change committed: the drafts this process saves read the settings again (DraftSettings.forget). */
  settingsChanged(companyId: string): void;
}
