import { authenticationRoutes } from './routes/authentication.ts';
import { companiesRoutes } from './routes/companies.ts';
import { settingsRoutes } from './routes/settings.ts';
import { rolesRoutes } from './routes/roles.ts';
import { membersRoutes } from './routes/members.ts';
import { apiKeysRoutes } from './routes/api-keys.ts';
import { accountsRoutes } from './routes/accounts.ts';
import { costCentersRoutes } from './routes/cost-centers.ts';
import { financialYearsRoutes } from './routes/financial-years.ts';
import { periodsRoutes } from './routes/periods.ts';
import { journalsRoutes } from './routes/journals.ts';
import { reportsRoutes } from './routes/reports.ts';
import { eventsRoutes } from './routes/events.ts';
import { webhooksRoutes } from './routes/webhooks.ts';
import { exchangeRatesRoutes } from './routes/exchange-rates.ts';
import { budgetsRoutes } from './routes/budgets.ts';
import { schedulesRoutes } from './routes/schedules.ts';
import { importsRoutes } from './routes/imports.ts';
import { auditFilesRoutes } from './routes/audit-files.ts';
import { exportsRoutes } from './routes/exports.ts';
import { auditRoutes } from './routes/audit.ts';
import { auditDataRoutes } from './routes/audit-data.ts';
import { taxCodesRoutes } from './routes/tax-codes.ts';
import { vatReturnsRoutes } from './routes/vat-returns.ts';
import { counterpartiesRoutes } from './routes/counterparties.ts';
import { bankAccountsRoutes } from './routes/bank-accounts.ts';
import { approvalPoliciesRoutes } from './routes/approval-policies.ts';
import { attachmentsRoutes } from './routes/attachments.ts';
import { V1, type Route } from './routes/route.ts';

export { pathParameters, successStatus } from './routes/route.ts';

export type { Access, BodyOf, Method, ParamsOf, PathParams, QueryOf, ResponseName, Route, RouteSpec, SchemaOf } from './routes/route.ts';

/**
 * The one route table, gathered from one module per area (shared/routes/): the local gateway
 * mounts it, the CDK stack makes one function per row (and one API route per method and
 * path), and the OpenAPI document is generated from it. A handler imports its own row from its
 * area's module (`import * as journalsRoutes`, `endpoint(journalsRoutes.post, ...)`), so its
 * bundle holds no other row's schemas.
 */
export const routes = {
  authentication: authenticationRoutes,
  companies: companiesRoutes,
  settings: settingsRoutes,
  roles: rolesRoutes,
  members: membersRoutes,
  apiKeys: apiKeysRoutes,
  accounts: accountsRoutes,
  costCenters: costCentersRoutes,
  financialYears: financialYearsRoutes,
  periods: periodsRoutes,
  journals: journalsRoutes,
  reports: reportsRoutes,
  events: eventsRoutes,
  webhooks: webhooksRoutes,
  exchangeRates: exchangeRatesRoutes,
  budgets: budgetsRoutes,
  schedules: schedulesRoutes,
  imports: importsRoutes,
  // Before the export jobs: the local gateway matches .../Exports/SafT before .../Exports/{id}.
  auditFiles: auditFilesRoutes,
  exports: exportsRoutes,
  audit: auditRoutes,
  auditData: auditDataRoutes,
  taxCodes: taxCodesRoutes,
  vatReturns: vatReturnsRoutes,
  counterparties: counterpartiesRoutes,
  approvalPolicies: approvalPoliciesRoutes,
  bankAccounts: bankAccountsRoutes,
  attachments: attachmentsRoutes,
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
