import * as z from 'zod';
import type { Permission } from './auth/permissions.ts';
import { CreateCompanyBody, ListCompaniesQuery, UpdateSettingsBody } from './companies/schemas.ts';
import { CreateAccountBody, UpdateAccountBody } from './accounts/schemas.ts';
import { CreateCostCenterBody, StateChangeBody, UpdateCostCenterBody } from './cost-centers/schemas.ts';
import { ListNodesQuery } from './tree/schemas.ts';
import { AddMemberBody, ChangeMemberBody, ListMembersQuery } from './members/schemas.ts';
import { CreateApiKeyBody, ListApiKeysQuery, RevokeApiKeyBody } from './api-keys/schemas.ts';
import { CallbackQuery, LoginQuery, RefreshBody } from './authentication/schemas.ts';
import { CreateJournalBody, ListJournalsQuery, PostJournalBody, ReverseJournalBody, UpdateJournalBody } from './journals/schemas.ts';
import { CreateYearBody, ListPeriodsQuery, ListYearsQuery, UpdateYearBody } from './financial-years/schemas.ts';
import { Version } from './schemas/common.ts';
import { TrialBalanceQuery } from './reports/schemas.ts';
import { AccountResponse, ApiKeyResponse, CompanyResponse, CostCenterResponse, CreatedApiKeyResponse, CreatedCompanyResponse, JournalResponse, LoginResponse, MemberResponse, MembershipResponse, PeriodResponse, RolesResponse, SettingsResponse, TokenResponse, TrialBalanceResponse, YearResponse, page } from './schemas/responses.ts';

/**
 * The one route table. The local gateway mounts it, the CDK stack makes one function and one
 * API route per row, and the OpenAPI document is generated from it. Handlers look their row
 * up by `name`, so permission, schemas and idempotency are declared here and nowhere else.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Route {
  name: string;
  method: Method;
  /** Path under the base URL; `{companyId}`-style parameters are UUIDs. */
  path: string;
  /** Handler module relative to the project root; it exports `handler`. */
  handler: string;
  /**
   * Who may call: `public` (no credentials), `user` (any signed-in user, no company), or the
   * permission needed inside the path's company.
   */
  access: 'public' | 'user' | Permission;
  /** Operation type for the Idempotency-Key scope; absent where the spec marks no idempotency. */
  idempotentOperation?: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** The 200 body; absent where the response body is empty. */
  response?: z.ZodType;
  summary: string;
  tag: string;
}

const VersionBody = z.strictObject({ version: Version });
const AUTH = '/api/Authentication';
const V1 = '/api/v1';
const company = `${V1}/Companies/{companyId}`;
const year = `${company}/FinancialYears/{id}`;
const period = `${year}/Periods/{periodId}`;
const journal = `${company}/Journals/{id}`;

export const ROUTES: readonly Route[] = [
  // Authentication (under /api only)
  { name: 'authentication.login', method: 'GET', path: `${AUTH}/Login`, handler: 'functions/authentication/login.ts', access: 'public', query: LoginQuery, response: LoginResponse, summary: 'Start an OAuth sign-in: the provider URL to redirect the browser to', tag: 'Authentication' },
  { name: 'authentication.callback', method: 'GET', path: `${AUTH}/Login/Callback`, handler: 'functions/authentication/callback.ts', access: 'public', query: CallbackQuery, response: TokenResponse, summary: "Complete the sign-in with the redirect's query string (code, state)", tag: 'Authentication' },
  { name: 'authentication.refresh', method: 'POST', path: `${AUTH}/Refresh`, handler: 'functions/authentication/refresh.ts', access: 'public', body: RefreshBody, response: TokenResponse, summary: 'Trade a refresh token (single use) for new tokens', tag: 'Authentication' },
  // Companies
  { name: 'companies.create', method: 'POST', path: `${V1}/Companies`, handler: 'functions/companies/create.ts', access: 'user', idempotentOperation: 'CreateCompany', body: CreateCompanyBody, response: CreatedCompanyResponse, summary: 'Create a company; the caller becomes its owner', tag: 'Companies' },
  { name: 'companies.list', method: 'GET', path: `${V1}/Companies`, handler: 'functions/companies/list.ts', access: 'user', query: ListCompaniesQuery, response: page(MembershipResponse), summary: "List the caller's companies", tag: 'Companies' },
  { name: 'companies.get', method: 'GET', path: company, handler: 'functions/companies/get.ts', access: 'companies:read', response: CompanyResponse, summary: 'Get a company', tag: 'Companies' },
  { name: 'settings.get', method: 'GET', path: `${company}/Settings`, handler: 'functions/companies/get-settings.ts', access: 'settings:read', response: SettingsResponse, summary: 'Get company settings', tag: 'Companies' },
  { name: 'settings.update', method: 'PUT', path: `${company}/Settings`, handler: 'functions/companies/update-settings.ts', access: 'settings:update', body: UpdateSettingsBody, response: SettingsResponse, summary: 'Update company settings (versioned)', tag: 'Companies' },
  // Members, roles and API keys
  { name: 'roles.list', method: 'GET', path: `${company}/Roles`, handler: 'functions/roles/list.ts', access: 'companies:read', response: RolesResponse, summary: 'The roles and their permissions', tag: 'Members' },
  { name: 'members.add', method: 'POST', path: `${company}/Members`, handler: 'functions/members/add.ts', access: 'members:manage', body: AddMemberBody, response: MemberResponse, summary: 'Add a user to the company by email, with a role', tag: 'Members' },
  { name: 'members.list', method: 'GET', path: `${company}/Members`, handler: 'functions/members/list.ts', access: 'members:manage', query: ListMembersQuery, response: page(MemberResponse), summary: 'List members (paginated)', tag: 'Members' },
  { name: 'members.change', method: 'PUT', path: `${company}/Members/{userId}`, handler: 'functions/members/change.ts', access: 'members:manage', body: ChangeMemberBody, response: MemberResponse, summary: "Change a member's role (versioned)", tag: 'Members' },
  { name: 'members.remove', method: 'DELETE', path: `${company}/Members/{userId}`, handler: 'functions/members/remove.ts', access: 'members:manage', body: VersionBody, summary: 'Remove a member (versioned)', tag: 'Members' },
  { name: 'apiKeys.create', method: 'POST', path: `${company}/ApiKeys`, handler: 'functions/api-keys/create.ts', access: 'api-keys:manage', body: CreateApiKeyBody, response: CreatedApiKeyResponse, summary: 'Create an API key (the full key is returned once)', tag: 'API keys' },
  { name: 'apiKeys.list', method: 'GET', path: `${company}/ApiKeys`, handler: 'functions/api-keys/list.ts', access: 'api-keys:manage', query: ListApiKeysQuery, response: page(ApiKeyResponse), summary: 'List API keys (prefix only, never the key)', tag: 'API keys' },
  { name: 'apiKeys.revoke', method: 'DELETE', path: `${company}/ApiKeys/{id}`, handler: 'functions/api-keys/revoke.ts', access: 'api-keys:manage', body: RevokeApiKeyBody, response: ApiKeyResponse, summary: 'Revoke an API key (versioned)', tag: 'API keys' },
  // Accounts
  { name: 'accounts.create', method: 'POST', path: `${company}/Accounts`, handler: 'functions/accounts/create.ts', access: 'accounts:create', idempotentOperation: 'CreateAccount', body: CreateAccountBody, response: AccountResponse, summary: 'Create an account', tag: 'Accounts' },
  { name: 'accounts.list', method: 'GET', path: `${company}/Accounts`, handler: 'functions/accounts/list.ts', access: 'accounts:read', query: ListNodesQuery, response: page(AccountResponse), summary: 'List accounts (paginated)', tag: 'Accounts' },
  { name: 'accounts.get', method: 'GET', path: `${company}/Accounts/{id}`, handler: 'functions/accounts/get.ts', access: 'accounts:read', response: AccountResponse, summary: 'Get an account', tag: 'Accounts' },
  { name: 'accounts.update', method: 'PUT', path: `${company}/Accounts/{id}`, handler: 'functions/accounts/update.ts', access: 'accounts:update', body: UpdateAccountBody, response: AccountResponse, summary: 'Update an account (versioned)', tag: 'Accounts' },
  { name: 'accounts.delete', method: 'DELETE', path: `${company}/Accounts/{id}`, handler: 'functions/accounts/delete.ts', access: 'accounts:delete', body: VersionBody, summary: 'Delete an account (versioned)', tag: 'Accounts' },
  // Cost centers
  { name: 'costCenters.create', method: 'POST', path: `${company}/CostCenters`, handler: 'functions/cost-centers/create.ts', access: 'cost-centers:create', idempotentOperation: 'CreateCostCenter', body: CreateCostCenterBody, response: CostCenterResponse, summary: 'Create a cost center (created active)', tag: 'Cost centers' },
  { name: 'costCenters.list', method: 'GET', path: `${company}/CostCenters`, handler: 'functions/cost-centers/list.ts', access: 'cost-centers:read', query: ListNodesQuery, response: page(CostCenterResponse), summary: 'List cost centers (paginated)', tag: 'Cost centers' },
  { name: 'costCenters.get', method: 'GET', path: `${company}/CostCenters/{id}`, handler: 'functions/cost-centers/get.ts', access: 'cost-centers:read', response: CostCenterResponse, summary: 'Get a cost center', tag: 'Cost centers' },
  { name: 'costCenters.update', method: 'PUT', path: `${company}/CostCenters/{id}`, handler: 'functions/cost-centers/update.ts', access: 'cost-centers:update', body: UpdateCostCenterBody, response: CostCenterResponse, summary: 'Update a cost center (versioned)', tag: 'Cost centers' },
  { name: 'costCenters.activate', method: 'POST', path: `${company}/CostCenters/{id}/Activate`, handler: 'functions/cost-centers/activate.ts', access: 'cost-centers:update', body: StateChangeBody, response: CostCenterResponse, summary: 'Activate an inactive cost center (versioned)', tag: 'Cost centers' },
  { name: 'costCenters.deactivate', method: 'POST', path: `${company}/CostCenters/{id}/Deactivate`, handler: 'functions/cost-centers/deactivate.ts', access: 'cost-centers:update', body: StateChangeBody, response: CostCenterResponse, summary: 'Deactivate an active cost center (versioned)', tag: 'Cost centers' },
  { name: 'costCenters.delete', method: 'DELETE', path: `${company}/CostCenters/{id}`, handler: 'functions/cost-centers/delete.ts', access: 'cost-centers:delete', body: VersionBody, summary: 'Delete a cost center (versioned)', tag: 'Cost centers' },
  // Financial years and periods
  { name: 'financialYears.create', method: 'POST', path: `${company}/FinancialYears`, handler: 'functions/financial-years/create.ts', access: 'financial-years:create', idempotentOperation: 'CreateFinancialYear', body: CreateYearBody, response: YearResponse, summary: 'Create a financial year (monthly periods unless given)', tag: 'Financial years' },
  { name: 'financialYears.list', method: 'GET', path: `${company}/FinancialYears`, handler: 'functions/financial-years/list.ts', access: 'financial-years:read', query: ListYearsQuery, response: page(YearResponse), summary: 'List financial years (paginated)', tag: 'Financial years' },
  { name: 'financialYears.get', method: 'GET', path: `${year}`, handler: 'functions/financial-years/get.ts', access: 'financial-years:read', response: YearResponse, summary: 'Get a financial year with its periods', tag: 'Financial years' },
  { name: 'financialYears.update', method: 'PUT', path: `${year}`, handler: 'functions/financial-years/update.ts', access: 'financial-years:update', body: UpdateYearBody, response: YearResponse, summary: 'Update a financial year (versioned)', tag: 'Financial years' },
  { name: 'financialYears.delete', method: 'DELETE', path: `${year}`, handler: 'functions/financial-years/delete.ts', access: 'financial-years:delete', body: VersionBody, summary: 'Delete a financial year nothing was posted into (versioned)', tag: 'Financial years' },
  { name: 'financialYears.close', method: 'PUT', path: `${year}/Close`, handler: 'functions/financial-years/close.ts', access: 'financial-years:close', idempotentOperation: 'CloseFinancialYear', body: VersionBody, summary: 'Close a financial year (versioned; empty 200 body)', tag: 'Financial years' },
  { name: 'financialYears.generateClosingJournal', method: 'POST', path: `${year}/GenerateClosingJournal`, handler: 'functions/financial-years/generate-closing-journal.ts', access: 'financial-years:close', idempotentOperation: 'GenerateClosingJournal', response: JournalResponse, summary: "Generate the year's closing journal (a draft moving revenue and expense balances to retained earnings)", tag: 'Financial years' },
  { name: 'periods.list', method: 'GET', path: `${year}/Periods`, handler: 'functions/periods/list.ts', access: 'financial-years:read', query: ListPeriodsQuery, response: page(PeriodResponse), summary: 'List the periods of a year (paginated)', tag: 'Periods' },
  { name: 'periods.get', method: 'GET', path: `${period}`, handler: 'functions/periods/get.ts', access: 'financial-years:read', response: PeriodResponse, summary: 'Get a period', tag: 'Periods' },
  { name: 'periods.lock', method: 'POST', path: `${period}/Lock`, handler: 'functions/periods/lock.ts', access: 'financial-years:update', body: VersionBody, response: PeriodResponse, summary: 'Lock an open period (versioned)', tag: 'Periods' },
  { name: 'periods.close', method: 'POST', path: `${period}/Close`, handler: 'functions/periods/close.ts', access: 'financial-years:close', idempotentOperation: 'ClosePeriod', body: VersionBody, summary: 'Close a period (versioned; empty 200 body)', tag: 'Periods' },
  { name: 'periods.closeByPut', method: 'PUT', path: `${period}/Close`, handler: 'functions/periods/close.ts', access: 'financial-years:close', idempotentOperation: 'ClosePeriod', body: VersionBody, summary: 'Close a period; PUT form of the same operation', tag: 'Periods' },
  { name: 'periods.reopen', method: 'POST', path: `${period}/Reopen`, handler: 'functions/periods/reopen.ts', access: 'financial-years:update', body: VersionBody, response: PeriodResponse, summary: 'Reopen a locked or closed period of an open year (versioned)', tag: 'Periods' },
  // Journals
  { name: 'journals.create', method: 'POST', path: `${company}/Journals`, handler: 'functions/journals/create.ts', access: 'journals:create', idempotentOperation: 'CreateJournal', body: CreateJournalBody, response: JournalResponse, summary: 'Create a draft journal', tag: 'Journals' },
  { name: 'journals.list', method: 'GET', path: `${company}/Journals`, handler: 'functions/journals/list.ts', access: 'journals:read', query: ListJournalsQuery, response: page(JournalResponse), summary: 'List journals (paginated; filters dateFrom, dateTo, status)', tag: 'Journals' },
  { name: 'journals.get', method: 'GET', path: `${journal}`, handler: 'functions/journals/get.ts', access: 'journals:read', response: JournalResponse, summary: 'Get a journal', tag: 'Journals' },
  { name: 'journals.update', method: 'PUT', path: `${journal}`, handler: 'functions/journals/update.ts', access: 'journals:update', idempotentOperation: 'UpdateJournal', body: UpdateJournalBody, response: JournalResponse, summary: 'Update a draft journal (versioned)', tag: 'Journals' },
  { name: 'journals.post', method: 'POST', path: `${journal}/Post`, handler: 'functions/journals/post.ts', access: 'journals:post', body: PostJournalBody, response: JournalResponse, summary: 'Post a draft journal into an open period (versioned)', tag: 'Journals' },
  { name: 'journals.void', method: 'POST', path: `${journal}/Void`, handler: 'functions/journals/void.ts', access: 'journals:void', body: VersionBody, response: JournalResponse, summary: 'Void a draft or posted journal (versioned)', tag: 'Journals' },
  { name: 'journals.adjust', method: 'POST', path: `${journal}/Adjust`, handler: 'functions/journals/adjust.ts', access: 'journals:post', body: VersionBody, response: JournalResponse, summary: 'Return a posted journal to draft, taking its effect off the balances (versioned)', tag: 'Journals' },
  { name: 'journals.reverse', method: 'POST', path: `${journal}/Reverse`, handler: 'functions/journals/reverse.ts', access: 'journals:post', idempotentOperation: 'ReverseJournal', body: ReverseJournalBody, response: JournalResponse, summary: 'Reverse a posted journal with a new posted journal (versioned)', tag: 'Journals' },
  // Reports
  { name: 'reports.trialBalance', method: 'GET', path: `${company}/Reports/TrialBalance`, handler: 'functions/reports/trial-balance.ts', access: 'reports:read', query: TrialBalanceQuery, response: TrialBalanceResponse, summary: 'Trial balance of a financial year or period, optionally for one cost center', tag: 'Reports' },
];

/**
 * Resource routes also answer without the version segment (`/api/Companies/...`), as the
 * spec's authentication example calls them. Authentication routes live under `/api` only.
 */
export function routePaths(route: Route): string[] {
  return route.path.startsWith(`${V1}/`) ? [route.path, route.path.replace(`${V1}/`, '/api/')] : [route.path];
}

export function routeByName(name: string): Route {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`No route named ${name}`);
  return route;
}

/** Names of the `{param}` segments of a path, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}
