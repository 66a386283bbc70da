import * as z from 'zod';
import { ACCOUNT_TYPES, CLASSIFICATIONS } from '../accounts/schemas.ts';
import { COST_CENTER_STATUSES } from '../cost-centers/rules.ts';
import { PERIOD_STATUSES, YEAR_STATUSES } from '../financial-years/rules.ts';
import { JOURNAL_STATUSES } from '../journals/rules.ts';

/**
 * Response bodies, for the OpenAPI document and the contract test that checks real responses
 * against them. Objects are strict: a field the service returns must be listed here.
 */
const id = z.uuid();
const instant = z.iso.datetime({ offset: true });
const date = z.iso.date();
const name = z.strictObject({ arabic: z.string(), english: z.string() });

export const page = <T extends z.ZodType>(item: T) =>
  z.strictObject({ currentPage: z.string().nullable(), results: z.array(item), nextPage: z.string().nullable() });

const node = { id, code: z.string(), path: z.string(), parentId: id.nullable(), name, version: z.number().int(), createdAt: instant, updatedAt: instant };
/** The fields accounts and cost centers share. */
export const NodeResponse = z.strictObject(node);

export const AccountResponse = z.strictObject({
  ...node,
  type: z.enum(ACCOUNT_TYPES),
  classification: z.enum(CLASSIFICATIONS),
});
export const CostCenterResponse = z.strictObject({ ...node, status: z.enum(COST_CENTER_STATUSES) });

export const SettingsResponse = z.strictObject({
  baseCurrency: z.string(),
  decimalPrecision: z.union([z.literal(2), z.literal(3)]),
  retainedEarningsAccountId: id.nullable(),
  version: z.number().int(),
  updatedAt: instant,
});
const company = { id, name: z.string(), createdAt: instant, version: z.number().int() };
export const CompanyResponse = z.strictObject(company);
export const CreatedCompanyResponse = z.strictObject({ ...company, settings: SettingsResponse, roleId: id, permissions: z.array(z.string()) });
export const MembershipResponse = z.strictObject({ ...company, roleId: id });

export const PeriodResponse = z.strictObject({
  id,
  financialYearId: id,
  number: z.number().int(),
  name: z.string(),
  startDate: date,
  endDate: date,
  status: z.enum(PERIOD_STATUSES),
  version: z.number().int(),
});
export const YearResponse = z.strictObject({
  id,
  name: z.string(),
  startDate: date,
  endDate: date,
  status: z.enum(YEAR_STATUSES),
  version: z.number().int(),
  periods: z.array(PeriodResponse),
  closingJournalId: id.optional(),
  createdAt: instant,
  updatedAt: instant,
});

export const JournalResponse = z.strictObject({
  id,
  serialNumber: z.number().int(),
  date: instant,
  description: z.string().nullable(),
  reference: z.string().nullable(),
  entries: z.array(z.strictObject({ accountId: id, costCenterId: id.nullable(), side: z.union([z.literal(1), z.literal(2)]), amount: z.number() })),
  totals: z.strictObject({ debit: z.number(), credit: z.number() }),
  status: z.enum(JOURNAL_STATUSES),
  postingDate: date.nullable(),
  financialYearId: id.nullable(),
  periodId: id.nullable(),
  reversalOf: id.nullable(),
  reversedBy: id.nullable(),
  version: z.number().int(),
  createdAt: instant,
  updatedAt: instant,
});

export const MemberResponse = z.strictObject({
  userId: id,
  email: z.string(),
  roleId: id,
  role: z.string(),
  permissions: z.array(z.string()),
  joinedAt: instant,
  version: z.number().int(),
});
export const RolesResponse = z.strictObject({ results: z.array(z.strictObject({ id, name: z.string(), permissions: z.array(z.string()) })) });

const apiKey = {
  id,
  name: z.string(),
  prefix: z.string(),
  permissions: z.array(z.string()),
  ipAllowlist: z.array(z.string()),
  expiresAt: instant.nullable(),
  revokedAt: instant.nullable(),
  createdBy: id,
  createdAt: instant,
  version: z.number().int(),
};
export const ApiKeyResponse = z.strictObject(apiKey);
export const CreatedApiKeyResponse = z.strictObject({ ...apiKey, key: z.string().startsWith('sk-svc_') });

export const LoginResponse = z.strictObject({ redirectTo: z.url() });
export const TokenResponse = z.strictObject({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  refresh_expires_in: z.number().int(),
  token_type: z.literal('Bearer'),
  companies: z.array(z.strictObject({ companyId: id, roleId: id, permissions: z.array(z.string()) })),
});

const decimal = z.string().regex(/^-?\d+\.\d+$|^-?\d+$/);
export const TrialBalanceResponse = z.strictObject({
  financialYearId: id,
  periodId: id.nullable(),
  costCenterId: id.nullable(),
  currency: z.string(),
  rows: z.array(
    z.strictObject({
      accountId: id,
      code: z.string(),
      path: z.string(),
      name,
      classification: z.enum(CLASSIFICATIONS),
      debit: decimal,
      credit: decimal,
      net: decimal,
    }),
  ),
  totals: z.strictObject({ debit: decimal, credit: decimal }),
});
