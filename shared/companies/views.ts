import { retentionYears } from './document-retention.ts';
import type { CompanyRecord, SettingsRecord } from './records.ts';
import type { ResponseOf } from '../schemas/responses.ts';

export type CompanyView = ResponseOf<'CompanyResponse'>;
export type SettingsView = ResponseOf<'SettingsResponse'>;

export const companyView = (c: CompanyRecord): CompanyView => ({ id: c.id, name: c.name, createdAt: c.createdAt, version: c.version });

/** The settings as answered: the retention in effect, never null (document-retention.ts). */
export const settingsView = (s: SettingsRecord): SettingsView => ({ ...s, documentRetentionYears: retentionYears(s) });
