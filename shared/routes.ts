import * as z from './schemas/zod.ts';
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
import { lazy } from './schemas/lazy.ts';
import { TrialBalanceQuery } from './reports/schemas.ts';
import type { Responses } from './schemas/responses.ts';

/**
 * The one route table. The local gateway mounts it, the CDK stack makes one function per row
 * (and one API route per method and path), and the OpenAPI document is generated from it.
 * A handler takes its row from `routes` (`endpoint(routes.journals.post, ...)`), and its body,
 * query and path parameter types are inferred from the row, so permission, schemas and
 * idempotency are declared here and nowhere else.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call: `public` (no credentials), `user` (any signed-in user, no company), or the permission needed inside the path's company. */
export type Access = 'public' | 'user' | Permission;

/** What a row declares; `area()` adds its name. */
export type ResponseName = keyof Responses;

/** Schemas are given as functions that build them on first call (schemas/lazy.ts). */
export type SchemaOf<S extends z.ZodMiniType = z.ZodMiniType> = () => S;

export interface RouteSpec<P extends string = string, B extends SchemaOf | undefined = SchemaOf | undefined, Q extends SchemaOf | undefined = SchemaOf | undefined> {
  /** One row may serve several methods with one function (period Close: POST and PUT). */
  methods: readonly [Method, ...Method[]];
  /** Path under the base URL; `{companyId}`-style parameters are UUIDs. */
  path: P;
  /** Handler module relative to the project root; it exports `handler`, built from this row. */
  handler: string;
  access: Access;
  /** Operation type for the Idempotency-Key scope; absent where the spec marks no idempotency. */
  idempotentOperation?: string;
  body?: B;
  query?: Q;
  /**
   * The 200 body, by its name in schemas/responses.ts (a page of them for lists); absent
   * where the body is empty. A name, not the schema, keeps response schemas out of the
   * functions' bundles: only the OpenAPI document and the contract test build them.
   */
  response?: ResponseName | { page: ResponseName };
  summary: string;
  tag: string;
}

export type Route<P extends string = string, B extends SchemaOf | undefined = SchemaOf | undefined, Q extends SchemaOf | undefined = SchemaOf | undefined> = RouteSpec<P, B, Q> & {
  /** `<area>.<action>`, as in logs and cursor bindings. */
  readonly name: string;
};

/** The names of the `{param}` segments of a path, as a type. */
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
export type PathParams<P extends string> = { readonly [K in ParamNames<P>]: string };
export type BodyOf<R> = R extends Route<string, infer B, SchemaOf | undefined> ? (B extends SchemaOf<infer S> ? z.output<S> : undefined) : never;
export type QueryOf<R> = R extends Route<string, SchemaOf | undefined, infer Q> ? (Q extends SchemaOf<infer S> ? z.output<S> : undefined) : never;
export type ParamsOf<R> = R extends Route<infer P> ? PathParams<P> : never;

/** Names an area's rows `<area>.<action>`, keeping each row's literal types. */
function area<const T extends Record<string, RouteSpec>>(name: string, rows: T): { [K in keyof T]: T[K] & { readonly name: string } } {
  return Object.fromEntries(Object.entries(rows).map(([action, row]) => [action, { ...row, name: `${name}.${action}` }])) as never;
}

const VersionBody = lazy(() => z.strictObject({ version: Version() }));
const AUTH = '/api/Authentication';
const V1 = '/api/v1';
const company = `${V1}/Companies/{companyId}` as const;
const year = `${company}/FinancialYears/{id}` as const;
const period = `${year}/Periods/{periodId}` as const;
const journal = `${company}/Journals/{id}` as const;

export const routes = {
  authentication: area('authentication', {
    login: { methods: ['GET'], path: `${AUTH}/Login`, handler: 'functions/authentication/login.ts', access: 'public', query: LoginQuery, response: 'LoginResponse', summary: 'Start an OAuth sign-in: the provider URL to redirect the browser to', tag: 'Authentication' },
    callback: { methods: ['GET'], path: `${AUTH}/Login/Callback`, handler: 'functions/authentication/callback.ts', access: 'public', query: CallbackQuery, response: 'TokenResponse', summary: "Complete the sign-in with the redirect's query string (code, state)", tag: 'Authentication' },
    refresh: { methods: ['POST'], path: `${AUTH}/Refresh`, handler: 'functions/authentication/refresh.ts', access: 'public', body: RefreshBody, response: 'TokenResponse', summary: 'Trade a refresh token (single use) for new tokens', tag: 'Authentication' },
  }),
  companies: area('companies', {
    create: { methods: ['POST'], path: `${V1}/Companies`, handler: 'functions/companies/create.ts', access: 'user', idempotentOperation: 'CreateCompany', body: CreateCompanyBody, response: 'CreatedCompanyResponse', summary: 'Create a company; the caller becomes its owner', tag: 'Companies' },
    list: { methods: ['GET'], path: `${V1}/Companies`, handler: 'functions/companies/list.ts', access: 'user', query: ListCompaniesQuery, response: { page: 'MembershipResponse' }, summary: "List the caller's companies", tag: 'Companies' },
    get: { methods: ['GET'], path: company, handler: 'functions/companies/get.ts', access: 'companies:read', response: 'CompanyResponse', summary: 'Get a company', tag: 'Companies' },
  }),
  settings: area('settings', {
    get: { methods: ['GET'], path: `${company}/Settings`, handler: 'functions/companies/get-settings.ts', access: 'settings:read', response: 'SettingsResponse', summary: 'Get company settings', tag: 'Companies' },
    update: { methods: ['PUT'], path: `${company}/Settings`, handler: 'functions/companies/update-settings.ts', access: 'settings:update', body: UpdateSettingsBody, response: 'SettingsResponse', summary: 'Update company settings (versioned)', tag: 'Companies' },
  }),
  roles: area('roles', {
    list: { methods: ['GET'], path: `${company}/Roles`, handler: 'functions/roles/list.ts', access: 'companies:read', response: 'RolesResponse', summary: 'The roles and their permissions', tag: 'Members' },
  }),
  members: area('members', {
    add: { methods: ['POST'], path: `${company}/Members`, handler: 'functions/members/add.ts', access: 'members:manage', body: AddMemberBody, response: 'MemberResponse', summary: 'Add a user to the company by email, with a role', tag: 'Members' },
    list: { methods: ['GET'], path: `${company}/Members`, handler: 'functions/members/list.ts', access: 'members:manage', query: ListMembersQuery, response: { page: 'MemberResponse' }, summary: 'List members (paginated)', tag: 'Members' },
    change: { methods: ['PUT'], path: `${company}/Members/{userId}`, handler: 'functions/members/change.ts', access: 'members:manage', body: ChangeMemberBody, response: 'MemberResponse', summary: "Change a member's role (versioned)", tag: 'Members' },
    remove: { methods: ['DELETE'], path: `${company}/Members/{userId}`, handler: 'functions/members/remove.ts', access: 'members:manage', body: VersionBody, summary: 'Remove a member (versioned)', tag: 'Members' },
  }),
  apiKeys: area('apiKeys', {
    create: { methods: ['POST'], path: `${company}/ApiKeys`, handler: 'functions/api-keys/create.ts', access: 'api-keys:manage', body: CreateApiKeyBody, response: 'CreatedApiKeyResponse', summary: 'Create an API key (the full key is returned once)', tag: 'API keys' },
    list: { methods: ['GET'], path: `${company}/ApiKeys`, handler: 'functions/api-keys/list.ts', access: 'api-keys:manage', query: ListApiKeysQuery, response: { page: 'ApiKeyResponse' }, summary: 'List API keys (prefix only, never the key)', tag: 'API keys' },
    revoke: { methods: ['DELETE'], path: `${company}/ApiKeys/{id}`, handler: 'functions/api-keys/revoke.ts', access: 'api-keys:manage', body: RevokeApiKeyBody, response: 'ApiKeyResponse', summary: 'Revoke an API key (versioned)', tag: 'API keys' },
  }),
  accounts: area('accounts', {
    create: { methods: ['POST'], path: `${company}/Accounts`, handler: 'functions/accounts/create.ts', access: 'accounts:create', idempotentOperation: 'CreateAccount', body: CreateAccountBody, response: 'AccountResponse', summary: 'Create an account', tag: 'Accounts' },
    list: { methods: ['GET'], path: `${company}/Accounts`, handler: 'functions/accounts/list.ts', access: 'accounts:read', query: ListNodesQuery, response: { page: 'AccountResponse' }, summary: 'List accounts (paginated)', tag: 'Accounts' },
    get: { methods: ['GET'], path: `${company}/Accounts/{id}`, handler: 'functions/accounts/get.ts', access: 'accounts:read', response: 'AccountResponse', summary: 'Get an account', tag: 'Accounts' },
    update: { methods: ['PUT'], path: `${company}/Accounts/{id}`, handler: 'functions/accounts/update.ts', access: 'accounts:update', body: UpdateAccountBody, response: 'AccountResponse', summary: 'Update an account (versioned)', tag: 'Accounts' },
    delete: { methods: ['DELETE'], path: `${company}/Accounts/{id}`, handler: 'functions/accounts/delete.ts', access: 'accounts:delete', body: VersionBody, summary: 'Delete an account (versioned)', tag: 'Accounts' },
  }),
  costCenters: area('costCenters', {
    create: { methods: ['POST'], path: `${company}/CostCenters`, handler: 'functions/cost-centers/create.ts', access: 'cost-centers:create', idempotentOperation: 'CreateCostCenter', body: CreateCostCenterBody, response: 'CostCenterResponse', summary: 'Create a cost center (created active)', tag: 'Cost centers' },
    list: { methods: ['GET'], path: `${company}/CostCenters`, handler: 'functions/cost-centers/list.ts', access: 'cost-centers:read', query: ListNodesQuery, response: { page: 'CostCenterResponse' }, summary: 'List cost centers (paginated)', tag: 'Cost centers' },
    get: { methods: ['GET'], path: `${company}/CostCenters/{id}`, handler: 'functions/cost-centers/get.ts', access: 'cost-centers:read', response: 'CostCenterResponse', summary: 'Get a cost center', tag: 'Cost centers' },
    update: { methods: ['PUT'], path: `${company}/CostCenters/{id}`, handler: 'functions/cost-centers/update.ts', access: 'cost-centers:update', body: UpdateCostCenterBody, response: 'CostCenterResponse', summary: 'Update a cost center (versioned)', tag: 'Cost centers' },
    activate: { methods: ['POST'], path: `${company}/CostCenters/{id}/Activate`, handler: 'functions/cost-centers/activate.ts', access: 'cost-centers:update', body: StateChangeBody, response: 'CostCenterResponse', summary: 'Activate an inactive cost center (versioned)', tag: 'Cost centers' },
    deactivate: { methods: ['POST'], path: `${company}/CostCenters/{id}/Deactivate`, handler: 'functions/cost-centers/deactivate.ts', access: 'cost-centers:update', body: StateChangeBody, response: 'CostCenterResponse', summary: 'Deactivate an active cost center (versioned)', tag: 'Cost centers' },
    delete: { methods: ['DELETE'], path: `${company}/CostCenters/{id}`, handler: 'functions/cost-centers/delete.ts', access: 'cost-centers:delete', body: VersionBody, summary: 'Delete a cost center (versioned)', tag: 'Cost centers' },
  }),
  financialYears: area('financialYears', {
    create: { methods: ['POST'], path: `${company}/FinancialYears`, handler: 'functions/financial-years/create.ts', access: 'financial-years:create', idempotentOperation: 'CreateFinancialYear', body: CreateYearBody, response: 'YearResponse', summary: 'Create a financial year (monthly periods unless given)', tag: 'Financial years' },
    list: { methods: ['GET'], path: `${company}/FinancialYears`, handler: 'functions/financial-years/list.ts', access: 'financial-years:read', query: ListYearsQuery, response: { page: 'YearResponse' }, summary: 'List financial years (paginated)', tag: 'Financial years' },
    get: { methods: ['GET'], path: `${year}`, handler: 'functions/financial-years/get.ts', access: 'financial-years:read', response: 'YearResponse', summary: 'Get a financial year with its periods', tag: 'Financial years' },
    update: { methods: ['PUT'], path: `${year}`, handler: 'functions/financial-years/update.ts', access: 'financial-years:update', body: UpdateYearBody, response: 'YearResponse', summary: 'Update a financial year (versioned)', tag: 'Financial years' },
    delete: { methods: ['DELETE'], path: `${year}`, handler: 'functions/financial-years/delete.ts', access: 'financial-years:delete', body: VersionBody, summary: 'Delete a financial year nothing was posted into (versioned)', tag: 'Financial years' },
    close: { methods: ['PUT'], path: `${year}/Close`, handler: 'functions/financial-years/close.ts', access: 'financial-years:close', idempotentOperation: 'CloseFinancialYear', body: VersionBody, summary: 'Close a financial year (versioned; empty 200 body)', tag: 'Financial years' },
    generateClosingJournal: { methods: ['POST'], path: `${year}/GenerateClosingJournal`, handler: 'functions/financial-years/generate-closing-journal.ts', access: 'financial-years:close', idempotentOperation: 'GenerateClosingJournal', response: 'JournalResponse', summary: "Generate the year's closing journal (a draft moving revenue and expense balances to retained earnings)", tag: 'Financial years' },
  }),
  periods: area('periods', {
    list: { methods: ['GET'], path: `${year}/Periods`, handler: 'functions/periods/list.ts', access: 'financial-years:read', query: ListPeriodsQuery, response: { page: 'PeriodResponse' }, summary: 'List the periods of a year (paginated)', tag: 'Periods' },
    get: { methods: ['GET'], path: `${period}`, handler: 'functions/periods/get.ts', access: 'financial-years:read', response: 'PeriodResponse', summary: 'Get a period', tag: 'Periods' },
    lock: { methods: ['POST'], path: `${period}/Lock`, handler: 'functions/periods/lock.ts', access: 'financial-years:update', body: VersionBody, response: 'PeriodResponse', summary: 'Lock an open period (versioned)', tag: 'Periods' },
    close: { methods: ['POST', 'PUT'], path: `${period}/Close`, handler: 'functions/periods/close.ts', access: 'financial-years:close', idempotentOperation: 'ClosePeriod', body: VersionBody, summary: 'Close a period (versioned; empty 200 body); served at POST and PUT, as the spec lists both', tag: 'Periods' },
    reopen: { methods: ['POST'], path: `${period}/Reopen`, handler: 'functions/periods/reopen.ts', access: 'financial-years:update', body: VersionBody, response: 'PeriodResponse', summary: 'Reopen a locked or closed period of an open year (versioned)', tag: 'Periods' },
  }),
  journals: area('journals', {
    create: { methods: ['POST'], path: `${company}/Journals`, handler: 'functions/journals/create.ts', access: 'journals:create', idempotentOperation: 'CreateJournal', body: CreateJournalBody, response: 'JournalResponse', summary: 'Create a draft journal', tag: 'Journals' },
    list: { methods: ['GET'], path: `${company}/Journals`, handler: 'functions/journals/list.ts', access: 'journals:read', query: ListJournalsQuery, response: { page: 'JournalResponse' }, summary: 'List journals (paginated; filters dateFrom, dateTo, status)', tag: 'Journals' },
    get: { methods: ['GET'], path: `${journal}`, handler: 'functions/journals/get.ts', access: 'journals:read', response: 'JournalResponse', summary: 'Get a journal', tag: 'Journals' },
    update: { methods: ['PUT'], path: `${journal}`, handler: 'functions/journals/update.ts', access: 'journals:update', idempotentOperation: 'UpdateJournal', body: UpdateJournalBody, response: 'JournalResponse', summary: 'Update a draft journal (versioned)', tag: 'Journals' },
    post: { methods: ['POST'], path: `${journal}/Post`, handler: 'functions/journals/post.ts', access: 'journals:post', body: PostJournalBody, response: 'JournalResponse', summary: 'Post a draft journal into an open period (versioned)', tag: 'Journals' },
    void: { methods: ['POST'], path: `${journal}/Void`, handler: 'functions/journals/void.ts', access: 'journals:void', body: VersionBody, response: 'JournalResponse', summary: 'Void a draft or posted journal (versioned)', tag: 'Journals' },
    adjust: { methods: ['POST'], path: `${journal}/Adjust`, handler: 'functions/journals/adjust.ts', access: 'journals:post', body: VersionBody, response: 'JournalResponse', summary: 'Return a posted journal to draft, taking its effect off the balances (versioned)', tag: 'Journals' },
    reverse: { methods: ['POST'], path: `${journal}/Reverse`, handler: 'functions/journals/reverse.ts', access: 'journals:post', idempotentOperation: 'ReverseJournal', body: ReverseJournalBody, response: 'JournalResponse', summary: 'Reverse a posted journal with a new posted journal (versioned)', tag: 'Journals' },
  }),
  reports: area('reports', {
    trialBalance: { methods: ['GET'], path: `${company}/Reports/TrialBalance`, handler: 'functions/reports/trial-balance.ts', access: 'reports:read', query: TrialBalanceQuery, response: 'TrialBalanceResponse', summary: 'Trial balance of a financial year or period, optionally for one cost center', tag: 'Reports' },
  }),
};

/** Every row, in table order: what the local gateway mounts, the stack deploys and the OpenAPI document lists. */
export const ROUTES: readonly Route[] = Object.values(routes).flatMap((rows) => Object.values(rows));

/**
 * Resource routes also answer without the version segment (`/api/Companies/...`), as the
 * spec's authentication example calls them. Authentication routes live under `/api` only.
 */
export function routePaths(route: Route): string[] {
  return route.path.startsWith(`${V1}/`) ? [route.path, route.path.replace(`${V1}/`, '/api/')] : [route.path];
}

/** Names of the `{param}` segments of a path, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}
