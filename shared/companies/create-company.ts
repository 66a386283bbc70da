import { randomUUID } from 'node:crypto';
import { OWNER_ROLE } from '../auth/permissions.ts';
import { minimumRetentionYears } from './document-retention.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { CreateCompanyInput } from './schemas.ts';
import type { CompanyCreating } from './store.ts';
import type { CompanyView, SettingsView } from './views.ts';

export interface CreatedCompany extends CompanyView {
  settings: SettingsView;
  roleId: string;
  permissions: readonly string[];
}

/** Creates a company with its settings; the creator becomes its owner with every permission. Errors: ValidationError (the body). */
export async function createCompany(companies: CompanyCreating, uow: UnitOfWork, user: { userId: string; email: string }, input: CreateCompanyInput): Promise<CreatedCompany> {
  const now = new Date().toISOString();
  const company = { id: randomUUID(), name: input.name, createdAt: now, version: 1 };
  const settings = {
    baseCurrency: input.baseCurrency,
    decimalPrecision: input.decimalPrecision,
    retainedEarningsAccountId: null,
    fxRoundingAccountId: null,
    unrealizedFxGainLossAccountId: null,
    taxJurisdiction: null,
    taxRegistrationNumber: null,
    defaultEmirate: null,
    documentRetentionYears: minimumRetentionYears(null),
    version: 1,
    updatedAt: now,
  };
  const owner = { companyId: company.id, userId: user.userId, email: user.email, roleId: OWNER_ROLE.id, joinedAt: now, version: 1 };
  return uow.commit(companies.createChanges(company, settings, owner), {
    ...company,
    settings,
    roleId: OWNER_ROLE.id,
    permissions: OWNER_ROLE.permissions,
  });
}
