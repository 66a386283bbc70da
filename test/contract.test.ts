import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { EXAMPLES_FILE, type RouteExample } from '../infra/openapi-examples.ts';
import { inlinedOpenApiDocument } from './support/openapi-inlined.ts';
import { ROLES } from '../shared/auth/permissions.ts';
import { ROUTES, successStatus } from '../shared/routes.ts';
import { responseSchema } from '../shared/schemas/responses.ts';
import { client, companyOwner, signedInUser, type ApiResponse } from './support/api.ts';
import { useSignInStack } from './support/sign-in.ts';
import { chartOfAccounts, credit, debit, year2026 } from './support/ledger.ts';
import { runImports } from '../functions/ops/run-imports.ts';
import { runExports } from '../functions/ops/run-exports.ts';
import { runSchedules } from '../functions/ops/run-schedules.ts';

const gateway = useSignInStack();
const checked = new Set<string>();
/** The first request and 200 body of each route in the flow: the OpenAPI document's examples. */
const captured = new Map<string, RouteExample>();

// The documented request schemas, as a client reads them from the OpenAPI document.
const document = inlinedOpenApiDocument();
const ajv = new Ajv2020({ strict: false, validateFormats: false });
type DocumentedOperation = { requestBody?: { content: Record<string, { schema: object }> }; parameters: Array<{ name: string; in: string; required: boolean }> };

/** The request the flow sent matches the document: its body the documented schema, its query the documented parameters. */
function checkRequest(route: (typeof ROUTES)[number], sent: ApiResponse['sent']) {
  const operation = (document.paths as Record<string, Record<string, DocumentedOperation>>)[route.path]![sent.method.toLowerCase()]!;
  const schema = operation.requestBody?.content['application/json']?.schema;
  if (schema) expect(ajv.validate(schema, sent.body), `${route.name} request body: ${ajv.errorsText()}`).toBe(true);
  const query = new URL(sent.path, 'http://localhost').searchParams;
  const documented = operation.parameters.filter((p) => p.in === 'query');
  for (const p of documented.filter((p) => p.required)) expect(query.has(p.name), `${route.name} requires ${p.name}`).toBe(true);
  for (const name of query.keys()) expect(documented.map((p) => p.name), `${route.name} sends ${name}`).toContain(name);
}

/** Presigned URLs as S3 answers them, for the examples: the local object storage's host and signature would mean nothing to a reader. */
const presignedExample = (signed: string) => {
  if (signed.includes('/exports/')) {
    return 'https://ledger-exports-example.s3.eu-west-1.amazonaws.com/companies/f90e94ab-3cd3-431e-a17e-748a822d85c9/exports/3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=ASIA...%2F20270131%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20270131T090000Z&X-Amz-Expires=300&X-Amz-Security-Token=...&X-Amz-Signature=...&X-Amz-SignedHeaders=host&response-content-disposition=attachment%3B%20filename%3D%22general-ledger_1101_2026-01-01_2026-12-31_en.csv%22&response-content-type=text%2Fcsv%3B%20charset%3Dutf-8';
  }
  const put = signed.includes('x-amz-checksum-sha256');
  const query = `X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=ASIA...%2F20270131%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20270131T090000Z&X-Amz-Expires=${put ? 900 : 300}&X-Amz-Security-Token=...&X-Amz-Signature=...&X-Amz-SignedHeaders=${put ? 'content-length%3Bcontent-type%3Bhost%3Bx-amz-checksum-sha256' : 'host'}`;
  return `https://ledger-documents-example.s3.eu-west-1.amazonaws.com/companies/f90e94ab-3cd3-431e-a17e-748a822d85c9/journals/0b6e3f4a-1d2c-4e5f-8a9b-7c6d5e4f3a21/attachments/5c4d3e2f-6a7b-4c8d-9e0f-1a2b3c4d5e6f?${query}`;
};

/** Secrets out of examples: tokens and keys become placeholders of the same shape, presigned URLs an S3 one. */
function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (typeof value === 'string' && value.includes('X-Amz-Signature=')) return presignedExample(value);
  if (!value || typeof value !== 'object') return value;
  const placeholders: Record<string, string> = { access_token: 'eyJhbGciOiJFUzI1NiJ9.example.signature', refresh_token: 'rt_example', refreshToken: 'rt_example', key: 'sk-svc_example', secret: 'whsec_example' };
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' && k in placeholders ? placeholders[k] : redacted(v)]));
}

/** The response matches its route's documented 200 body exactly (strict schemas), or is empty where documented so. */
function check<T = any>(routeName: string, response: ApiResponse<T>): T {
  const route = ROUTES.find((r) => r.name === routeName)!;
  expect(response.status, `${routeName}: ${response.text}`).toBe(successStatus(route));
  if (route.fileOnly) {
    // A file-only route answers a file: its example is the file's text.
    expect(response.headers.get('content-type'), routeName).toBe(`${route.fileOnly === 'csv' ? 'text/csv' : 'application/xml'}; charset=utf-8`);
    expect(response.text.length, routeName).toBeGreaterThan(0);
  } else if (route.response) {
    const parsed = responseSchema(route.response).safeParse(response.body);
    expect(parsed.success ? [] : parsed.error.issues, routeName).toEqual([]);
  } else {
    expect(response.text, routeName).toBe('');
  }
  checkRequest(route, response.sent);
  checked.add(routeName);
  if (!captured.has(routeName)) captured.set(routeName, { request: `${response.sent.method} ${response.sent.path}`, ...(response.sent.body !== undefined ? { body: redacted(response.sent.body) } : {}), ...(route.fileOnly ? { response: response.text } : response.body !== undefined ? { response: redacted(response.body) } : {}) });
  return response.body;
}

describe('responses match the OpenAPI document', () => {
  it('for every route exercised by a full bookkeeping flow', async () => {
    const { api, base, user, companyId } = await companyOwner(gateway.url);
    const anonymous = client(gateway.url);

    check('authentication.login', await anonymous.get('/api/Authentication/Login'));
    const company = check('companies.create', await api.post('/api/v1/Companies', { name: 'Contract Co', baseCurrency: 'SAR' }));
    const other = `/api/v1/Companies/${company.id}`;
    check('companies.list', await api.get('/api/v1/Companies'));
    check('companies.get', await api.get(other));
    const settings = check('settings.get', await api.get(`${base}/Settings`));
    const chart = await chartOfAccounts(api, base);
    check('settings.update', await api.put(`${base}/Settings`, { baseCurrency: 'SAR', decimalPrecision: 2, retainedEarningsAccountId: chart.retained.id, taxJurisdiction: 'SA', taxRegistrationNumber: '310123456700003', version: settings.version }));

    check('accounts.list', await api.get(`${base}/Accounts`));
    const spare = check('accounts.create', await api.post(`${base}/Accounts`, { code: '9', name: { arabic: 'س', english: 's' }, type: 'leaf', classification: 'asset' }));
    check('accounts.get', await api.get(`${base}/Accounts/${spare.id}`));
    check('accounts.history', await api.get(`${base}/Accounts/${spare.id}/History`));
    const renamed = check('accounts.update', await api.put(`${base}/Accounts/${spare.id}`, { code: '99', name: spare.name, classification: 'asset', version: spare.version }));
    check('accounts.delete', await api.delete(`${base}/Accounts/${spare.id}`, { version: renamed.version }));

    const center = check('costCenters.create', await api.post(`${base}/CostCenters`, { code: 'X', name: { arabic: 'س', english: 'x' } }));
    check('costCenters.list', await api.get(`${base}/CostCenters`));
    check('costCenters.get', await api.get(`${base}/CostCenters/${center.id}`));
    check('costCenters.history', await api.get(`${base}/CostCenters/${center.id}/History`));
    const updated = check('costCenters.update', await api.put(`${base}/CostCenters/${center.id}`, { code: 'Y', name: center.name, version: center.version }));
    const off = check('costCenters.deactivate', await api.post(`${base}/CostCenters/${center.id}/Deactivate`, { version: updated.version }));
    const on = check('costCenters.activate', await api.post(`${base}/CostCenters/${center.id}/Activate`, { version: off.version }));
    check('costCenters.delete', await api.delete(`${base}/CostCenters/${center.id}`, { version: on.version }));

    const chartFile = 'code,parentPath,type,classification,nameArabic,nameEnglish\r\n1103,1,leaf,,صندوق فرعي,Petty cash\r\n1104,1.77,leaf,,بنك,Bank\r\n';
    const job = check('imports.create', await api.post(`${base}/Imports`, { kind: 'accounts', format: 'csv', mode: 'perItem', dryRun: false, data: chartFile }));
    await runImports({ companyId });
    check('imports.get', await api.get(`${base}/Imports/${job.id}`));
    check('imports.list', await api.get(`${base}/Imports`));
    check('imports.errors', await api.get(`${base}/Imports/${job.id}/Errors`));

    const year = await year2026(api, base);
    check('financialYears.create', await api.post(`${base}/FinancialYears`, { startDate: '2027-01-01', endDate: '2027-12-31' }));
    check('financialYears.list', await api.get(`${base}/FinancialYears`));
    check('financialYears.get', await api.get(`${base}/FinancialYears/${year.id}`));
    const spareYear = check('financialYears.create', await api.post(`${base}/FinancialYears`, { startDate: '2030-01-01', endDate: '2030-12-31' }));
    const spareRenamed = check('financialYears.update', await api.put(`${base}/FinancialYears/${spareYear.id}`, { name: 'Spare', startDate: '2030-01-01', endDate: '2030-12-31', version: 1 }));
    check('financialYears.delete', await api.delete(`${base}/FinancialYears/${spareYear.id}`, { version: spareRenamed.version }));
    const yearPath = `${base}/FinancialYears/${year.id}/Periods`;
    check('periods.list', await api.get(yearPath));
    check('periods.get', await api.get(`${yearPath}/${year.periods[0].id}`));
    const locked = check('periods.lock', await api.post(`${yearPath}/${year.periods[0].id}/Lock`, { version: 1 }));
    const whileLocked = new Date().toISOString();
    check('periods.reopen', await api.post(`${yearPath}/${year.periods[0].id}/Reopen`, { version: locked.version }));

    const journal = check('journals.create', await api.post(`${base}/Journals`, { date: '2026-03-01T00:00:00Z', entries: [debit(chart.cash.id, 100), credit(chart.sales.id, 100)] }));
    check('journals.list', await api.get(`${base}/Journals`));
    check('journals.get', await api.get(`${base}/Journals/${journal.id}`));
    check('journals.history', await api.get(`${base}/Journals/${journal.id}/History`));
    const edited = check('journals.update', await api.put(`${base}/Journals/${journal.id}`, { date: '2026-03-02T00:00:00Z', entries: [debit(chart.cash.id, 120), credit(chart.sales.id, 120)], version: 1 }));
    const posted = check('journals.post', await api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2026-03-02', version: edited.version }));
    const adjusted = check('journals.adjust', await api.post(`${base}/Journals/${journal.id}/Adjust`, { version: posted.version }));
    const reposted = check('journals.post', await api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2026-03-02', version: adjusted.version }));
    check('journals.reverse', await api.post(`${base}/Journals/${journal.id}/Reverse`, { postingDate: '2026-03-03', version: reposted.version }));
    const second = check('journals.create', await api.post(`${base}/Journals`, { date: '2026-03-05T00:00:00Z', entries: [debit(chart.rent.id, 10), credit(chart.cash.id, 10)] }));
    const secondPosted = check('journals.post', await api.post(`${base}/Journals/${second.id}/Post`, { postingDate: '2026-03-05', version: 1 }));
    check('journals.void', await api.post(`${base}/Journals/${second.id}/Void`, { version: secondPosted.version }));
    const third = check('journals.create', await api.post(`${base}/Journals`, { date: '2026-04-05T00:00:00Z', entries: [debit(chart.rent.id, 7), credit(chart.cash.id, 7)] }));
    check('journals.post', await api.post(`${base}/Journals/${third.id}/Post`, { postingDate: '2026-04-05', version: 1 }));
    check('reports.trialBalance', await api.get(`${base}/Reports/TrialBalance?financialYearId=${year.id}`));
    check('reports.trialBalance', await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-03-03&dateTo=2026-04-30&costCenterId=${chart.hq.id}`));
    check('reports.incomeStatement', await api.get(`${base}/Reports/IncomeStatement?dateFrom=2026-01-01&dateTo=2026-06-30&compare=PreviousYear&byCostCenter=true`));
    check('reports.balanceSheet', await api.get(`${base}/Reports/BalanceSheet?date=2026-04-05&compareDate=2026-03-02`));
    check('reports.cashFlow', await api.get(`${base}/Reports/CashFlow?dateFrom=2026-01-01&dateTo=2026-06-30`));
    const ledger = check('reports.generalLedger', await api.get(`${base}/Reports/GeneralLedger?accountId=1&dateFrom=2026-03-01&dateTo=2026-04-30&pageSize=1`));
    check('reports.generalLedger', await api.get(`${base}/Reports/GeneralLedger?accountId=1&dateFrom=2026-03-01&dateTo=2026-04-30&pageSize=1&page=${encodeURIComponent(ledger.nextPage)}`));
    // The whole year's ledger as a file written in the background, then downloaded by its link.
    const ledgerFile = check('exports.create', await api.post(`${base}/Exports`, { route: 'reports.generalLedger', format: 'csv', parameters: { accountId: chart.cash.id, dateFrom: '2026-01-01', dateTo: '2026-12-31' } }));
    await runExports({ companyId });
    expect(check('exports.get', await api.get(`${base}/Exports/${ledgerFile.id}`)).status).toBe('available');
    check('exports.list', await api.get(`${base}/Exports?pageSize=5`));
    for (const [kind, parameters] of [['CashFlow', { dateFrom: '2026-03-01', dateTo: '2026-04-30' }], ['TrialBalance', { financialYearId: year.id }], ['IncomeStatement', { dateFrom: '2026-01-01', dateTo: '2026-12-31' }], ['BalanceSheet', { date: '2026-04-05' }]] as const) {
      const stored = check('reports.create', await api.post(`${base}/Reports`, { kind, parameters }));
      check('reports.get', await api.get(`${base}/Reports/${stored.id}`));
    }
    check('reports.list', await api.get(`${base}/Reports`));
    const closing = check('financialYears.generateClosingJournal', await api.post(`${base}/FinancialYears/${year.id}/GenerateClosingJournal`));
    check('journals.post', await api.post(`${base}/Journals/${closing.id}/Post`, { postingDate: '2026-12-31', version: 1 }));
    for (const [i, p] of year.periods.entries()) {
      const current = (await api.get(`${yearPath}/${p.id}`)).body;
      check('periods.close', await api.request(i % 2 === 0 ? 'POST' : 'PUT', `${yearPath}/${p.id}/Close`, { body: { version: current.version } }));
    }
    check('financialYears.close', await api.put(`${base}/FinancialYears/${year.id}/Close`, { version: (await api.get(`${base}/FinancialYears/${year.id}`)).body.version }));

    const clerk = check('roles.create', await api.post(`${base}/Roles`, { name: 'Clerk', description: 'Reads the chart and enters journals', permissions: ['accounts:read', 'journals:create'] }));
    check('roles.get', await api.get(`${base}/Roles/${clerk.id}`));
    const clerkRole = check('roles.update', await api.put(`${base}/Roles/${clerk.id}`, { name: 'Clerk', description: 'Reads the chart, enters and reads journals', permissions: ['accounts:read', 'journals:create', 'journals:read'], version: 1 }));
    check('roles.list', await api.get(`${base}/Roles`));
    const member = check('members.add', await api.post(`${base}/Members`, { email: `contract-${Date.now()}@example.com`, roleId: clerk.id }));
    check('members.list', await api.get(`${base}/Members`));
    const changed = check('members.change', await api.put(`${base}/Members/${member.userId}`, { roleId: ROLES[2]!.id, version: 1 }));
    check('members.remove', await api.delete(`${base}/Members/${member.userId}`, { version: changed.version }));
    check('roles.delete', await api.delete(`${base}/Roles/${clerk.id}`, { version: clerkRole.version }));
    const key = check('apiKeys.create', await api.post(`${base}/ApiKeys`, { name: 'contract', permissions: ['accounts:read'], expiresAt: '2099-01-01T00:00:00Z' }));
    check('apiKeys.list', await api.get(`${base}/ApiKeys`));
    check('apiKeys.revoke', await api.delete(`${base}/ApiKeys/${key.id}`, { version: 1 }));
    const hook = check('webhooks.create', await api.post(`${base}/Webhooks`, { url: 'https://hooks.example.com/ledger', eventTypes: ['JournalPosted'], description: 'ERP sync' }));
    check('webhooks.list', await api.get(`${base}/Webhooks`));
    check('webhooks.get', await api.get(`${base}/Webhooks/${hook.id}`));
    const paused = check('webhooks.update', await api.put(`${base}/Webhooks/${hook.id}`, { url: 'https://hooks.example.com/ledger', eventTypes: ['JournalPosted', 'JournalVoided'], active: false, version: 1 }));
    check('webhooks.deliveries', await api.get(`${base}/Webhooks/${hook.id}/Deliveries`));
    check('webhooks.delete', await api.delete(`${base}/Webhooks/${hook.id}`, { version: paused.version }));
    check('events.list', await api.get(`${base}/Events?type=JournalPosted,JournalReversed&pageSize=3`));
    const usd = check('exchangeRates.create', await api.post(`${base}/ExchangeRates`, { currency: 'USD', date: '2026-03-01', rate: 3.75 }));
    check('exchangeRates.create', await api.post(`${base}/ExchangeRates`, { currency: 'EUR', date: '2026-03-01', rate: '4.0625' }));
    check('exchangeRates.list', await api.get(`${base}/ExchangeRates?currency=USD&dateFrom=2026-01-01&dateTo=2026-12-31&orderAsc=true`));
    check('exchangeRates.get', await api.get(`${base}/ExchangeRates/${usd.id}`));
    check('journals.revalue', await api.post(`${base}/Revaluations`, { date: '2026-03-31', dryRun: true }));
    const usdChanged = check('exchangeRates.update', await api.put(`${base}/ExchangeRates/${usd.id}`, { rate: '3.7515', version: usd.version }));
    check('exchangeRates.delete', await api.delete(`${base}/ExchangeRates/${usd.id}`, { version: usdChanged.version }));
    const plan = check('budgets.create', await api.post(`${base}/Budgets`, { name: '2026 plan', financialYearId: year.id, lines: [{ accountId: chart.sales.id, amounts: Array.from({ length: 12 }, () => 1000) }, { accountId: chart.rent.id, costCenterId: chart.hq.id, amounts: Array.from({ length: 12 }, () => '250.50') }] }));
    check('budgets.list', await api.get(`${base}/Budgets`));
    check('reports.budgetVsActual', await api.get(`${base}/Reports/BudgetVsActual?budgetId=${plan.id}&dateFrom=2026-03-01&dateTo=2026-04-30&columns=month`));
    check('budgets.get', await api.get(`${base}/Budgets/${plan.id}`));
    const revised = check('budgets.update', await api.put(`${base}/Budgets/${plan.id}`, { name: '2026 plan, revised', financialYearId: year.id, lines: [{ accountId: chart.sales.id, amounts: Array.from({ length: 12 }, () => 900) }], version: plan.version }));
    check('budgets.delete', await api.delete(`${base}/Budgets/${plan.id}`, { version: revised.version }));
    // A recurring journal started before the company's first year: its occurrences are blocked (NoFinancialYear) until skipped or a year exists.
    const rentBody = { description: 'Office rent', lines: [{ accountId: chart.rent.id, costCenterId: chart.hq.id, side: 1, amount: 4500 }, { accountId: chart.cash.id, side: 2, amount: 4500 }], recurrence: { frequency: 'monthly', dayOfMonth: 'last' }, startDate: '2025-11-01', endDate: '2026-12-31', action: 'draft' };
    const rentSchedule = check('schedules.create', await api.post(`${base}/Schedules`, rentBody));
    check('schedules.list', await api.get(`${base}/Schedules`));
    check('schedules.preview', await api.get(`${base}/Schedules/${rentSchedule.id}/Preview?until=2026-01-31`));
    check('schedules.skip', await api.post(`${base}/Schedules/${rentSchedule.id}/SkippedOccurrences`, { date: '2025-11-30' }));
    await runSchedules({ companyId, today: '2025-12-31' });
    check('schedules.occurrences', await api.get(`${base}/Schedules/${rentSchedule.id}/Occurrences`));
    const rentRead = check('schedules.get', await api.get(`${base}/Schedules/${rentSchedule.id}`));
    check('schedules.update', await api.put(`${base}/Schedules/${rentSchedule.id}`, { ...rentBody, state: 'paused', version: rentRead.version }));
    check('schedules.history', await api.get(`${base}/Schedules/${rentSchedule.id}/History`));
    const liabilities = check('accounts.create', await api.post(`${base}/Accounts`, { code: '2', name: { arabic: 'الخصوم', english: 'Liabilities' }, type: 'category', classification: 'liability' }));
    const outputVat = check('accounts.create', await api.post(`${base}/Accounts`, { code: '2201', name: { arabic: 'ضريبة القيمة المضافة المستحقة', english: 'Output VAT' }, type: 'leaf', parentId: liabilities.id }));
    const inputVat = check('accounts.create', await api.post(`${base}/Accounts`, { code: '1201', name: { arabic: 'ضريبة القيمة المضافة القابلة للاسترداد', english: 'Input VAT' }, type: 'leaf', parentId: chart.assets.id }));
    check('taxCodes.loadStandard', await api.post(`${base}/TaxCodes/Standard`, { outputTaxAccountId: outputVat.id, inputTaxAccountId: inputVat.id }));
    const hotel = check('taxCodes.create', await api.post(`${base}/TaxCodes`, { code: 'HOTEL', name: { arabic: 'مبيعات الإقامة الفندقية', english: 'Hotel stays' }, kind: 'standard', direction: 'supplies', rates: [{ effectiveFrom: '2018-01-01', percent: 5 }, { effectiveFrom: '2020-07-01', percent: 15 }], taxAccountId: outputVat.id, baseBoxes: ['1'], taxBoxes: ['1'] }));
    check('taxCodes.list', await api.get(`${base}/TaxCodes?direction=supplies&pageSize=3`));
    check('taxCodes.get', await api.get(`${base}/TaxCodes/${hotel.id}`));
    const retired = check('taxCodes.update', await api.put(`${base}/TaxCodes/${hotel.id}`, { name: hotel.name, rates: hotel.rates, taxAccountId: outputVat.id, baseBoxes: ['1'], taxBoxes: ['1'], active: false, version: hotel.version }));
    const sale = check('journals.create', await api.post(`${base}/Journals`, { date: '2027-01-15T09:00:00Z', reference: 'INV-1001', entries: [debit(chart.cash.id, 1150), { ...credit(chart.sales.id, 1000), taxCode: 'S-STD' }] }));
    check('journals.post', await api.post(`${base}/Journals/${sale.id}/Post`, { postingDate: '2027-01-15', version: sale.version }));
    check('reports.taxDetail', await api.get(`${base}/Reports/TaxDetail?dateFrom=2027-01-01&dateTo=2027-01-31&pageSize=5`));
    check('reports.vatReturn', await api.get(`${base}/Reports/VatReturn?dateFrom=2027-01-01&dateTo=2027-01-31`));
    const filedReturn = check('vatReturns.file', await api.post(`${base}/VatReturns`, { dateFrom: '2027-01-01', dateTo: '2027-01-31' }));
    check('vatReturns.list', await api.get(`${base}/VatReturns`));
    check('vatReturns.get', await api.get(`${base}/VatReturns/${filedReturn.id}`));
    check('taxCodes.history', await api.get(`${base}/TaxCodes/${retired.id}/History`));
    // The SAF-T file of the month: the sale with its VAT, the chart's balances, the tax codes used.
    check('auditFiles.safT', await api.get(`${base}/Exports/SafT?dateFrom=2027-01-01&dateTo=2027-01-31`));
    // The FTA audit file is a UAE company's: the other company registers there.
    const otherSettings = (await api.get(`${other}/Settings`)).body;
    expect((await api.put(`${other}/Settings`, { taxJurisdiction: 'AE', taxRegistrationNumber: '100123456700003', version: otherSettings.version })).status).toBe(200);
    await year2026(api, other);
    check('reports.ftaAuditFile', await api.get(`${other}/Reports/FtaAuditFile?dateFrom=2026-01-01&dateTo=2026-03-31`));
    const customer = check('counterparties.create', await api.post(`${base}/Counterparties`, { name: { arabic: 'شركة الرياض للتجارة', english: 'Riyadh Trading Co.' }, country: 'SA', taxRegistrationNumber: '310987654300003' }));
    check('counterparties.list', await api.get(`${base}/Counterparties?country=SA&active=true&pageSize=3`));
    check('counterparties.get', await api.get(`${base}/Counterparties/${customer.id}`));
    const retiredCustomer = check('counterparties.update', await api.put(`${base}/Counterparties/${customer.id}`, { name: customer.name, country: 'SA', taxRegistrationNumber: customer.taxRegistrationNumber, active: false, version: customer.version }));
    check('counterparties.history', await api.get(`${base}/Counterparties/${retiredCustomer.id}/History`));
    const bankAccount = check('bankAccounts.create', await api.post(`${base}/BankAccounts`, { accountId: chart.bank.path, iban: 'SA03 8000 0000 6080 1016 7519', bankName: 'Saudi National Bank' }));
    check('bankAccounts.list', await api.get(`${base}/BankAccounts`));
    check('bankAccounts.get', await api.get(`${base}/BankAccounts/${bankAccount.id}`));
    check('bankAccounts.update', await api.put(`${base}/BankAccounts/${bankAccount.id}`, { iban: bankAccount.iban, bankName: 'SNB', version: bankAccount.version }));
    // A statement in, its opening matched with the books' opening of the bank, reconciled, unmatched.
    const mt940 = [':20:STMT202701', ':25:SA0380000000608010167519', ':28C:1/1', ':60F:C270101SAR0,00', ':61:2701100110C1200,00NTRFNONREF//B270110001', ':86:Customer payment', ':61:2701150115D15,00NCHGNONREF//B270115002', ':86:Bank fee', ':62F:C270131SAR1185,00', '-'].join('\r\n');
    const statement = check('imports.create', await api.post(`${base}/Imports`, { kind: 'bankStatements', format: 'mt940', bankAccountId: bankAccount.id, data: mt940 }));
    await runImports({ companyId });
    expect((await api.get(`${base}/Imports/${statement.id}`)).body.status).toBe('succeeded');
    check('bankAccounts.statementLines', await api.get(`${base}/BankAccounts/${bankAccount.id}/StatementLines?unmatched=true`));
    check('bankAccounts.lineJournal', await api.post(`${base}/BankAccounts/${bankAccount.id}/StatementLineJournals`, { bankReference: 'B270115002', accountId: chart.rent.id }));
    const paid = await api.post(`${base}/Journals`, { date: '2027-01-10', entries: [debit(chart.bank.id, 1200), credit(chart.sales.id, 1200)] });
    await api.post(`${base}/Journals/${paid.body.id}/Post`, { postingDate: '2027-01-10', version: paid.body.version });
    const matched = check('bankAccounts.createMatch', await api.post(`${base}/BankAccounts/${bankAccount.id}/Matches`, { statementLines: ['B270110001'], ledgerLines: [{ journalId: paid.body.id, line: 0 }] }));
    check('bankAccounts.getMatch', await api.get(`${base}/BankAccounts/${bankAccount.id}/Matches/${matched.id}`));
    check('bankAccounts.markReconciled', await api.post(`${base}/BankAccounts/${bankAccount.id}/Reconciliations`, { date: '2027-01-31' }));
    check('bankAccounts.reconciliation', await api.get(`${base}/BankAccounts/${bankAccount.id}/Reconciliation?date=2027-01-31`));
    check('bankAccounts.deleteMatch', await api.delete(`${base}/BankAccounts/${bankAccount.id}/Matches/${matched.id}`, { version: matched.version }));
    check('bankAccounts.autoMatch', await api.post(`${base}/BankAccounts/${bankAccount.id}/AutoMatch`, { date: '2027-01-31' }));
    // The payment's receipt: declared, uploaded straight to storage through the presigned URL, read back available.
    const receipt = Buffer.from('%PDF-1.7\n% receipt of the customer payment\n%%EOF\n');
    const receiptPath = `${base}/Journals/${paid.body.id}/Attachments`;
    const declared = check('attachments.create', await api.post(receiptPath, { fileName: 'receipt.pdf', contentType: 'application/pdf', size: receipt.length, sha256: createHash('sha256').update(receipt).digest('hex') }));
    expect((await fetch(declared.upload.url, { method: 'PUT', headers: declared.upload.headers, body: new Uint8Array(receipt) })).status).toBe(200);
    expect(check('attachments.get', await api.get(`${receiptPath}/${declared.id}`)).status).toBe('available');
    check('attachments.list', await api.get(receiptPath));
    // A document uploaded before its journal exists: declared on the company, read back available (a journals import may name it).
    const early = check('attachments.createForCompany', await api.post(`${base}/Attachments`, { fileName: 'advance-invoice.pdf', contentType: 'application/pdf', size: receipt.length, sha256: createHash('sha256').update(receipt).digest('hex') }));
    expect((await fetch(early.upload.url, { method: 'PUT', headers: early.upload.headers, body: new Uint8Array(receipt) })).status).toBe(200);
    expect(check('attachments.getForCompany', await api.get(`${base}/Attachments/${early.id}`))).toMatchObject({ status: 'available', journalId: null });
    // Four eyes: a policy holds large journals until another person approves them.
    const reviewer = await signedInUser(gateway.url);
    expect((await api.post(`${base}/Members`, { email: reviewer.user.email, roleId: ROLES[0]!.id })).status).toBe(200);
    check('approvalPolicies.replace', await api.put(`${base}/ApprovalPolicy`, { rules: [{ name: 'Large journals', minAmount: '1000', approvers: 1 }], version: 0 }));
    check('approvalPolicies.get', await api.get(`${base}/ApprovalPolicy`));
    check('approvalPolicies.history', await api.get(`${base}/ApprovalPolicy/History`));
    const large = check('journals.create', await api.post(`${base}/Journals`, { date: '2027-01-20', entries: [debit(chart.rent.id, 1200), credit(chart.bank.id, 1200)] }));
    const asked = check('journals.submit', await api.post(`${base}/Journals/${large.id}/Submit`, { version: large.version }));
    // A document attached by mistake comes off again while the journal waits for approval (the record stays, removed).
    const misfiled = (await api.post(`${base}/Journals/${large.id}/Attachments`, { fileName: 'lease-draft.pdf', contentType: 'application/pdf', size: receipt.length, sha256: createHash('sha256').update(receipt).digest('hex') })).body;
    check('attachments.remove', await api.delete(`${base}/Journals/${large.id}/Attachments/${misfiled.id}`, { version: misfiled.version }));
    const sentBack = check('journals.reject', await reviewer.api.post(`${base}/Journals/${large.id}/Reject`, { version: asked.version, reason: 'Attach the lease' }));
    const askedAgain = (await api.post(`${base}/Journals/${large.id}/Submit`, { version: sentBack.version })).body;
    const approved = check('journals.approve', await reviewer.api.post(`${base}/Journals/${large.id}/Approve`, { version: askedAgain.version }));
    check('journals.post', await api.post(`${base}/Journals/${large.id}/Post`, { postingDate: '2027-01-20', version: approved.version }));
    // Imported under the policy, a large journal asks approval; the reviewer approves the import's journals at once.
    const line = (accountPath: string, side: number) => ({ reference: 'IMP-1', date: '2027-01-21', accountPath, side, amount: 1500 });
    const heldImport = check('imports.create', await api.post(`${base}/Imports`, { kind: 'journals', format: 'json', mode: 'atomic', data: [line(chart.rent.path, 1), line(chart.bank.path, 2)] }));
    await runImports({ companyId });
    check('imports.approve', await reviewer.api.post(`${base}/Imports/${heldImport.id}/Approve`));
    check('reports.segregation', await api.get(`${base}/Reports/Segregation?dateFrom=2027-01-01&dateTo=2027-01-31`));
    // The auditors' data in the AICPA Audit Data shape: the journals a page at a time, the trial balance, the chart.
    const auditJournals = check('auditData.journals', await api.get(`${base}/AuditData/GL/Journals?startDate=2027-01-01&endDate=2027-01-31&pageSize=2`));
    check('auditData.journals', await api.get(`${base}/AuditData/GL/Journals?startDate=2027-01-01&endDate=2027-01-31&pageSize=2&page=${encodeURIComponent(auditJournals.nextPage)}`));
    check('auditData.trialBalance', await api.get(`${base}/AuditData/GL/TrialBalance?startDate=2027-01-01&endDate=2027-01-31`));
    check('auditData.accounts', await api.get(`${base}/AuditData/GL/Accounts?pageSize=5`));
    // Everything the flow did verifies: the chain, and each record and balance its events describe.
    const audit = check('audit.verify', await api.get(`${base}/Audit/Verify`));
    expect(check('audit.journalNumbers', await api.get(`${base}/Audit/JournalNumbers`))).toMatchObject({ complete: true, missing: 0 });
    expect(audit.reason).toBeNull();
    check('reports.restatements', await api.get(`${base}/Reports/Restatements?since=${encodeURIComponent(whileLocked)}&pageSize=5`));

    const tokens = await import('../functions/authentication/callback.ts').then((m) => m.issueSessionTokens({ id: user.id, email: user.email }));
    check('authentication.refresh', await anonymous.post('/api/Authentication/Refresh', { refreshToken: tokens.refresh_token }));

    // The callback's 200 is exercised by the browser test (test/e2e); every other route is here.
    expect(ROUTES.map((r) => r.name).filter((n) => !checked.has(n))).toEqual(['authentication.callback']);
    // The callback answers the same token response as a refresh.
    captured.set('authentication.callback', { request: 'GET /api/Authentication/Login/Callback?code=...&state=...', response: captured.get('authentication.refresh')!.response });
    if (process.env.UPDATE_EXAMPLES) writeFileSync(EXAMPLES_FILE, `${JSON.stringify(Object.fromEntries([...captured].sort(([a], [b]) => (a < b ? -1 : 1))), null, 2)}\n`);
  }, 120_000);

  it('documents an example request and response for every route, each valid against its schemas (UPDATE_EXAMPLES=1 rewrites them)', () => {
    const examples = JSON.parse(readFileSync(EXAMPLES_FILE, 'utf8')) as Record<string, RouteExample>;
    for (const route of ROUTES) {
      const example = examples[route.name];
      expect(example, route.name).toBeDefined();
      if (route.body) expect(route.body().safeParse(example!.body).success, `${route.name} request`).toBe(true);
      if (route.response) expect(responseSchema(route.response).safeParse(example!.response).success, `${route.name} response`).toBe(true);
      if (route.fileOnly) expect(typeof example!.response, `${route.name} file`).toBe('string');
    }
  });
});
