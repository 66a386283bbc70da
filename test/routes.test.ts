import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../infra/openapi.ts';
import { ROUTES } from '../shared/routes.ts';
import { WAY_OUT } from '../shared/schemas/api-paths.ts';
import { client, companyOwner, useGateway } from './support/api.ts';

const ROOT = resolve(import.meta.dirname, '..');
const gateway = useGateway();

/** The spec's resource endpoints this service serves so far (method, path under /api/v1). */
const SPEC_ENDPOINTS = [
  'GET /api/Authentication/Login',
  'GET /api/Authentication/Login/Callback',
  'POST /api/Authentication/Refresh',
  'POST /Companies',
  'PUT /Companies/{companyId}/Settings',
  'POST /Companies/{companyId}/Accounts',
  'GET /Companies/{companyId}/Accounts',
  'GET /Companies/{companyId}/Accounts/{id}',
  'PUT /Companies/{companyId}/Accounts/{id}',
  'DELETE /Companies/{companyId}/Accounts/{id}',
  'POST /Companies/{companyId}/CostCenters',
  'GET /Companies/{companyId}/CostCenters',
  'GET /Companies/{companyId}/CostCenters/{id}',
  'PUT /Companies/{companyId}/CostCenters/{id}',
  'POST /Companies/{companyId}/CostCenters/{id}/Activate',
  'POST /Companies/{companyId}/CostCenters/{id}/Deactivate',
  'DELETE /Companies/{companyId}/CostCenters/{id}',
  'POST /Companies/{companyId}/FinancialYears',
  'PUT /Companies/{companyId}/FinancialYears/{id}',
  'DELETE /Companies/{companyId}/FinancialYears/{id}',
  'PUT /Companies/{companyId}/FinancialYears/{id}/Close',
  'POST /Companies/{companyId}/FinancialYears/{id}/Periods/{periodId}/Lock',
  'POST /Companies/{companyId}/FinancialYears/{id}/Periods/{periodId}/Close',
  'PUT /Companies/{companyId}/FinancialYears/{id}/Periods/{periodId}/Close',
  'POST /Companies/{companyId}/FinancialYears/{id}/Periods/{periodId}/Reopen',
  'POST /Companies/{companyId}/Journals',
  'GET /Companies/{companyId}/Journals',
  'GET /Companies/{companyId}/Journals/{id}',
  'PUT /Companies/{companyId}/Journals/{id}',
  'POST /Companies/{companyId}/Journals/{id}/Post',
  'POST /Companies/{companyId}/Journals/{id}/Void',
  'POST /Companies/{companyId}/Journals/{id}/Reverse',
];
const IDEMPOTENT = [
  'POST /Companies',
  'POST /Companies/{companyId}/Accounts',
  'POST /Companies/{companyId}/CostCenters',
  'POST /Companies/{companyId}/FinancialYears',
  'PUT /Companies/{companyId}/FinancialYears/{id}/Close',
  'POST /Companies/{companyId}/FinancialYears/{id}/Periods/{periodId}/Close',
  'PUT /Companies/{companyId}/FinancialYears/{id}/Periods/{periodId}/Close',
  'POST /Companies/{companyId}/Journals',
  'PUT /Companies/{companyId}/Journals/{id}',
  'POST /Companies/{companyId}/Journals/{id}/Reverse',
  'POST /Companies/{companyId}/FinancialYears/{id}/GenerateClosingJournal',
  'POST /Companies/{companyId}/Reports',
  'POST /Companies/{companyId}/Roles',
  'POST /Companies/{companyId}/Webhooks',
  'POST /Companies/{companyId}/ExchangeRates',
  'POST /Companies/{companyId}/Budgets',
  'POST /Companies/{companyId}/Schedules',
  'POST /Companies/{companyId}/Schedules/{id}/SkippedOccurrences',
  'POST /Companies/{companyId}/Revaluations',
  'POST /Companies/{companyId}/Imports',
  'POST /Companies/{companyId}/Exports',
  'POST /Companies/{companyId}/TaxCodes',
  'POST /Companies/{companyId}/TaxCodes/Standard',
  'POST /Companies/{companyId}/VatReturns',
  'POST /Companies/{companyId}/Counterparties',
];

const rowKeys = (r: (typeof ROUTES)[number]) => r.methods.map((m) => `${m} ${r.path.replace('/api/v1', '')}`);

describe('route table', () => {
  it('has one row for every spec endpoint, idempotent exactly where the spec says', () => {
    const rows = ROUTES.flatMap(rowKeys);
    for (const endpoint of SPEC_ENDPOINTS) expect(rows, endpoint).toContain(endpoint);
    expect(new Set(rows).size).toBe(rows.length);
    const idempotent = ROUTES.filter((r) => r.idempotentOperation).flatMap(rowKeys);
    expect(idempotent.sort()).toEqual([...IDEMPOTENT].sort());
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
  });

  it('has every row served by the handler its module exports, built from that very row', async () => {
    for (const route of ROUTES) {
      const module = (await import(resolve(ROOT, route.handler))) as { handler?: { route?: unknown } };
      expect(module.handler?.route, route.name).toBe(route);
    }
  });

  it('names in error reasons only operations of the table, with their row\'s method, path and permission', () => {
    for (const operation of Object.values(WAY_OUT).map((built) => built())) {
      const row = ROUTES.find((r) => r.name === operation.route);
      expect(row, operation.route).toBeDefined();
      expect(row!.methods, operation.route).toContain(operation.method);
      expect(row!.path, operation.route).toBe(operation.path);
      const permission = 'permission' in operation ? operation.permission : undefined;
      expect(permission, operation.route).toBe(row!.access === 'public' || row!.access === 'user' ? undefined : row!.access);
    }
  });

  it('puts every row in the OpenAPI document once, and names the unversioned aliases instead of listing them', () => {
    const doc = openApiDocument();
    for (const route of ROUTES) {
      for (const method of route.methods) expect(doc.paths[route.path]?.[method.toLowerCase()], `${method} ${route.path}`).toBeDefined();
    }
    expect(Object.values(doc.paths).flatMap((ops) => Object.keys(ops))).toHaveLength(ROUTES.flatMap((r) => r.methods).length);
    expect(doc.info.description).toContain('without the version segment');
  });

  it('answers GET / with links to the reference and the OpenAPI document', async () => {
    const response = await client(gateway.url).get('/');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ service: 'Ledger API', docs: '/docs', openapi: '/openapi.json', api: '/api/v1' });
  });

  it('serves the OpenAPI document from the local gateway', async () => {
    const response = await client(gateway.url).get('/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    expect(Object.keys(response.body.paths)).toContain('/api/v1/Companies/{companyId}/Accounts');
  });

  it('answers resource routes without the version segment, as the spec example calls them', async () => {
    const { api, companyId } = await companyOwner(gateway.url);
    const created = await api.post(`/api/Companies/${companyId}/Accounts`, { code: '1', name: { arabic: 'ن', english: 'n' }, type: 'leaf', classification: 'asset' });
    const fetched = await api.get(`/api/v1/Companies/${companyId}/Accounts/${created.body.id}`);
    expect(created.status).toBe(200);
    expect(fetched.body.path).toBe('1');
  });
});
