import type * as z from 'zod';
import type { CompanyRecord } from '../db/company-store.ts';
import type { CompanyResponse, SettingsResponse } from '../schemas/responses.ts';

export type CompanyView = z.output<typeof CompanyResponse>;
export type SettingsView = z.output<typeof SettingsResponse>;

export const companyView = (c: CompanyRecord): CompanyView => ({ id: c.id, name: c.name, createdAt: c.createdAt, version: c.version });
