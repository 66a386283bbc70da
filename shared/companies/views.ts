import type { CompanyRecord } from './records.ts';
import type { ResponseOf } from '../schemas/responses.ts';

export type CompanyView = ResponseOf<'CompanyResponse'>;
export type SettingsView = ResponseOf<'SettingsResponse'>;

export const companyView = (c: CompanyRecord): CompanyView => ({ id: c.id, name: c.name, createdAt: c.createdAt, version: c.version });
