import type { CompanyRecord, SettingsRecord } from '../db/company-store.ts';

export interface CompanyView {
  id: string;
  name: string;
  createdAt: string;
  version: number;
}

export type SettingsView = SettingsRecord;

export const companyView = (c: CompanyRecord): CompanyView => ({ id: c.id, name: c.name, createdAt: c.createdAt, version: c.version });
