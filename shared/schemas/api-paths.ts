import { lazy } from './lazy.ts';

/**
 * The API's path prefixes, and the operations an error's reason names as the way out of it
 * (a base module: the domain and the stores word reasons; the route table, shared/routes/route.ts,
 * builds its paths from the same prefixes, and test/routes.test.ts holds each operation below to
 * its row: same method, path and permission).
 */
export const AUTH = '/api/Authentication';
export const V1 = '/api/v1';
export const company = `${V1}/Companies/{companyId}` as const;
export const year = `${company}/FinancialYears/{id}` as const;
export const period = `${year}/Periods/{periodId}` as const;
export const journal = `${company}/Journals/{id}` as const;

/**
 * A path with its parameters filled in: how a reason names the operation that gets the client
 * out of an error (`/api/v1/Companies/<id>/FinancialYears/<id>/Periods/<id>/Reopen`).
 */
export function pathWith(path: string, values: Readonly<Record<string, string>>): string {
  return path.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

interface Operation {
  /** The route table's name of the row (`periods.reopen`). */
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** The permission it needs; absent for the sign-in routes. */
  permission?: string;
}

/*
 * The operations reasons name, by what they do: each built on first use under a `@__PURE__` mark
 * (lazy.ts; esbuild counts a template-literal path as a side effect), so a function bundles only
 * those its reasons name; WAY_OUT lists them all for test/routes.test.ts.
 */
export const WAY_OUT_LOGIN = /* @__PURE__ */ lazy(() => ({ route: 'authentication.login', method: 'GET', path: `${AUTH}/Login` }) as const satisfies Operation);
export const WAY_OUT_REFRESH = /* @__PURE__ */ lazy(() => ({ route: 'authentication.refresh', method: 'POST', path: `${AUTH}/Refresh` }) as const satisfies Operation);
export const WAY_OUT_REOPEN_PERIOD = /* @__PURE__ */ lazy(() => ({ route: 'periods.reopen', method: 'POST', path: `${period}/Reopen`, permission: 'financial-years:update' }) as const satisfies Operation);
export const WAY_OUT_CLOSE_PERIOD = /* @__PURE__ */ lazy(() => ({ route: 'periods.close', method: 'POST', path: `${period}/Close`, permission: 'financial-years:close' }) as const satisfies Operation);
export const WAY_OUT_CREATE_YEAR = /* @__PURE__ */ lazy(() => ({ route: 'financialYears.create', method: 'POST', path: `${company}/FinancialYears`, permission: 'financial-years:create' }) as const satisfies Operation);
export const WAY_OUT_UPDATE_SETTINGS = /* @__PURE__ */ lazy(() => ({ route: 'settings.update', method: 'PUT', path: `${company}/Settings`, permission: 'settings:update' }) as const satisfies Operation);
export const WAY_OUT_CREATE_EXCHANGE_RATE = /* @__PURE__ */ lazy(() => ({ route: 'exchangeRates.create', method: 'POST', path: `${company}/ExchangeRates`, permission: 'exchange-rates:manage' }) as const satisfies Operation);
export const WAY_OUT_DEACTIVATE_COST_CENTER = /* @__PURE__ */ lazy(() => ({ route: 'costCenters.deactivate', method: 'POST', path: `${company}/CostCenters/{id}/Deactivate`, permission: 'cost-centers:update' }) as const satisfies Operation);
export const WAY_OUT_LIST_ACCOUNTS = /* @__PURE__ */ lazy(() => ({ route: 'accounts.list', method: 'GET', path: `${company}/Accounts`, permission: 'accounts:read' }) as const satisfies Operation);
export const WAY_OUT_LIST_COST_CENTERS = /* @__PURE__ */ lazy(() => ({ route: 'costCenters.list', method: 'GET', path: `${company}/CostCenters`, permission: 'cost-centers:read' }) as const satisfies Operation);
export const WAY_OUT_LIST_JOURNALS = /* @__PURE__ */ lazy(() => ({ route: 'journals.list', method: 'GET', path: `${company}/Journals`, permission: 'journals:read' }) as const satisfies Operation);
export const WAY_OUT_CREATE_EXPORT = /* @__PURE__ */ lazy(() => ({ route: 'exports.create', method: 'POST', path: `${company}/Exports`, permission: 'exports:read' }) as const satisfies Operation);
export const WAY_OUT_CHANGE_MEMBER = /* @__PURE__ */ lazy(() => ({ route: 'members.change', method: 'PUT', path: `${company}/Members/{userId}`, permission: 'members:manage' }) as const satisfies Operation);

/** Every operation reasons name, by what it does. */
export const WAY_OUT = {
  login: WAY_OUT_LOGIN,
  refresh: WAY_OUT_REFRESH,
  reopenPeriod: WAY_OUT_REOPEN_PERIOD,
  closePeriod: WAY_OUT_CLOSE_PERIOD,
  createYear: WAY_OUT_CREATE_YEAR,
  updateSettings: WAY_OUT_UPDATE_SETTINGS,
  createExchangeRate: WAY_OUT_CREATE_EXCHANGE_RATE,
  deactivateCostCenter: WAY_OUT_DEACTIVATE_COST_CENTER,
  listAccounts: WAY_OUT_LIST_ACCOUNTS,
  listCostCenters: WAY_OUT_LIST_COST_CENTERS,
  listJournals: WAY_OUT_LIST_JOURNALS,
  changeMember: WAY_OUT_CHANGE_MEMBER,
  createExport: WAY_OUT_CREATE_EXPORT,
};

/**
 * An operation as a reason names it: method, path with the ids filled in (and `query`, for a
 * list), and the permission it needs where `withPermission` (a key or role may lack it).
 * `POST /api/v1/Companies/<id>/FinancialYears/<id>/Periods/<id>/Reopen (permission financial-years:update)`
 */
export function operationNamed(operation: Operation, values: Readonly<Record<string, string>> = {}, { query = '', withPermission = true } = {}): string {
  const permission = withPermission && operation.permission ? ` (permission ${operation.permission})` : '';
  return `${operation.method} ${pathWith(operation.path, values)}${query}${permission}`;
}
