import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { companyOwner } from '../support/api.ts';
import { changedItems, companyItems, unchangedButNumbered } from '../db/support/company-items.ts';
import { chartOfAccounts, credit, debit, postedJournal, year2026 } from '../support/ledger.ts';
import { valueFor, type JsonSchema, type Known } from '../support/schema-arbitrary.ts';
import { useSignInStack } from '../support/sign-in.ts';
import { inlineRefs } from '../support/openapi-inlined.ts';

/**
 * Fuzzing generated from the service's own OpenAPI document (fetched from the gateway): every
 * operation, aliases included, gets requests with well-formed, mutated and random bodies,
 * query strings, path parameters, headers and encodings, sent one after another against one
 * company. Every answer must be below 500; every 4xx must carry the error shape with a named
 * field; and a rejected write must leave the company's items exactly as they were.
 *
 * Bounded and seeded: FUZZ_REQUESTS (default 1,000: a dozen or so requests an operation) and FUZZ_SEED (default fixed) change it.
 */
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const stack = useSignInStack();

interface Operation {
  method: string;
  path: string;
  parameters: Array<{ name: string; in: string; schema: JsonSchema }>;
  body?: JsonSchema;
}

interface FuzzRequest {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body?: string;
}

function operationsOf(document: { paths: Record<string, Record<string, any>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema,
    })),
  );
}

/** A path parameter: mostly an existing record of the right kind, sometimes anything at all. */
function pathValue(candidates: string[]): fc.Arbitrary<string> {
  const hostile = fc.oneof(
    fc.uuid(),
    fc.string({ maxLength: 40 }).map(encodeURIComponent),
    fc.constantFrom('a'.repeat(3000), '%E0%A4%A', '%00', '..', '%2F..%2F', 'COMPANY%23x', '%20', '%F0%9F%92%A5', 'null', '-1'),
  );
  if (candidates.length === 0) return hostile;
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...candidates) },
    { weight: 1, arbitrary: fc.constantFrom(...candidates).map((id) => id.toUpperCase()) },
    { weight: 2, arbitrary: hostile },
  );
}

function queryString(op: Operation, known: Known): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === 'query');
  const one = (p: (typeof params)[number]) =>
    fc.option(
      fc.oneof(
        { weight: 4, arbitrary: valueFor(p.schema, known).map(String) },
        fc.string({ maxLength: 20 }),
        fc.constantFrom('0x10', '1e2', ' 5', '-1', '101', '0', 'true', '', 'x'.repeat(3000), '9999-12-31', '0000-01-01', '\u202Eevil'),
      ),
      { freq: 2 },
    );
  const named = fc.tuple(...params.map(one)).map((values) =>
    params.flatMap((p, i) => (values[i] === null || values[i] === undefined ? [] : [[p.name, values[i] as string] as [string, string]])),
  );
  return fc.tuple(named, fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 8 })), { freq: 8 }), fc.option(fc.constantFrom('&%ZZ', '&pageSize=1&pageSize=2', '&=', '&a'), { freq: 10 })).map(
    ([pairs, extra, raw]) => new URLSearchParams([...pairs, ...(extra ? [extra] : [])]).toString() + (raw ?? ''),
  );
}

function bodyText(op: Operation, known: Known): fc.Arbitrary<string | undefined> {
  const valid = op.body ? valueFor(op.body, known) : fc.constant({});
  const mutated = fc.tuple(valid, fc.jsonValue({ maxDepth: 2 }), fc.nat(), fc.constantFrom('drop', 'replace', 'extra')).map(([value, junk, n, how]) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return junk;
    const copy: Record<string, unknown> = { ...value };
    const names = Object.keys(copy);
    const name = names[n % Math.max(names.length, 1)] ?? 'x';
    if (how === 'drop') delete copy[name];
    else if (how === 'replace') copy[name] = junk;
    else copy[`extra${n % 7}`] = junk;
    return copy;
  });
  return fc.oneof(
    { weight: 5, arbitrary: valid.map((v) => JSON.stringify(v)) },
    { weight: 3, arbitrary: mutated.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, '', '{oops', '[]', 'null', '{"amount":1e400}', `${'['.repeat(5000)}${']'.repeat(5000)}`, '{"version":1,"version":2}', '\uFEFF{}') },
  );
}

function headersFor(op: Operation, tokens: { owner: string; key: string }): fc.Arbitrary<Record<string, string>> {
  const authorization = fc.oneof(
    { weight: 16, arbitrary: fc.constant(`Bearer ${tokens.owner}`) },
    { weight: 1, arbitrary: fc.constant(`Bearer ${tokens.key}`) },
    { weight: 1, arbitrary: fc.constantFrom('', 'Bearer', 'Bearer sk-svc_nope', `Bearer ${tokens.owner}x`, 'Basic Zm9vOmJhcg==', `bearer  ${tokens.owner}`) },
  );
  const idempotencyKey = fc.option(fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom('k'.repeat(256), 'مفتاح', 'same-key')), { freq: 2 });
  const contentType = fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', 'application/json; charset=latin1');
  return fc.tuple(authorization, idempotencyKey, contentType).map(([auth, key, type]) => ({
    ...(auth ? { authorization: auth } : {}),
    ...(key ? { 'idempotency-key': key } : {}),
    'content-type': type,
  }));
}

function requestsFor(op: Operation, known: Known, candidatesFor: (path: string, param: string) => string[], tokens: { owner: string; key: string }): fc.Arbitrary<FuzzRequest> {
  const params = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  return fc
    .tuple(fc.tuple(...params.map((name) => pathValue(candidatesFor(op.path, name)))), queryString(op, known), headersFor(op, tokens), bodyText(op, known))
    .map(([values, query, headers, body]) => ({
      method: op.method,
      path: params.reduce((path, name, i) => path.replace(`{${name}}`, values[i]!), op.path),
      query,
      headers,
      ...(body !== undefined && op.method !== 'GET' ? { body } : {}),
    }));
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it(`answers ${TOTAL}+ generated requests with no 5xx, the error shape on every 4xx, and no write on rejection`, async () => {
    const owner = await companyOwner(stack.url);
    const { api, base, companyId } = owner;
    const chart = await chartOfAccounts(api, base);
    const year = await year2026(api, base);
    const posted = await postedJournal(api, base, '2026-02-10', [debit(chart.cash.id, '10.50', chart.hq.id), credit(chart.sales.id, '10.50')]);
    const draft = (await api.post(`${base}/Journals`, { date: '2026-03-01T00:00:00Z', entries: [debit(chart.rent.id, 4), credit(chart.bank.id, 4, chart.branch.id)] })).body;
    const apiKey = (await api.post(`${base}/ApiKeys`, { name: 'fuzz', permissions: ['accounts:read', 'journals:read'] })).body;
    const report = (await api.post(`${base}/Reports`, { kind: 'TrialBalance', parameters: { financialYearId: year.id } })).body;
    const webhook = (await api.post(`${base}/Webhooks`, { url: 'https://hooks.example.com/fuzz', eventTypes: ['JournalPosted'] })).body;
    const role = (await api.post(`${base}/Roles`, { name: 'Fuzzed', permissions: ['accounts:read'] })).body;
    const rate = (await api.post(`${base}/ExchangeRates`, { currency: 'USD', date: '2026-02-10', rate: '3.75' })).body;
    const budget = (await api.post(`${base}/Budgets`, { name: 'Fuzzed', financialYearId: year.id, lines: [{ accountId: chart.sales.id, amounts: Array.from({ length: 12 }, () => 10) }] })).body;
    const taxCode = (await api.post(`${base}/TaxCodes`, { code: 'S15', name: { arabic: 'ضريبة', english: 'VAT' }, kind: 'standard', direction: 'supplies', rates: [{ effectiveFrom: '2018-01-01', percent: 15 }], taxAccountId: chart.cash.id })).body;
    const counterparty = (await api.post(`${base}/Counterparties`, { name: { arabic: 'عميل', english: 'Customer' }, country: 'AE', taxRegistrationNumber: '100123456700003' })).body;
    const document = inlineRefs(await (await fetch(`${stack.url()}/openapi.json`)).json());
    const operations = operationsOf(document);

    const ids = {
      Accounts: Object.values(chart).filter((n: any) => 'type' in n).map((n: any) => n.id as string),
      CostCenters: [chart.hq.id, chart.branch.id],
      FinancialYears: [year.id],
      Periods: year.periods.map((p: { id: string }) => p.id),
      Journals: [posted.id, draft.id],
      ApiKeys: [apiKey.id],
      Members: [owner.user.id],
      Reports: [report.id as string],
      Webhooks: [webhook.id as string],
      Roles: [role.id as string, '5b0d7a52-8d0e-4c55-9a51-0f6f3c1f0002'],
      ExchangeRates: [rate.id as string],
      Budgets: [budget.id as string],
      TaxCodes: [taxCode.id as string],
      Counterparties: [counterparty.id as string],
    };
    const candidatesFor = (path: string, param: string): string[] => {
      if (param === 'companyId') return [companyId];
      if (param === 'periodId') return ids.Periods;
      if (param === 'userId') return ids.Members;
      if (param === 'roleId') return ids.Roles;
      const resource = /\/(\w+)\/\{id\}/.exec(path)?.[1] as keyof typeof ids | undefined;
      // Accounts and cost centers are also named by path, one that names nothing included.
      const paths: Partial<Record<keyof typeof ids, string[]>> = { Accounts: ['1.1101', '4.4101', '9.9'], CostCenters: ['HQ', 'HQ.x'] };
      return resource ? [...(ids[resource] ?? []), ...(paths[resource] ?? [])] : [];
    };
    const known: Known = {
      uuids: Object.values(ids).flat(),
      byName: {
        accountId: [chart.cash.id, chart.sales.id, '1.1101', '4.4101', chart.assets.id, '9.9'],
        costCenterId: [chart.hq.id, 'BR', 'HQ.x'],
        parentId: [chart.assets.id, '1', '5'],
        retainedEarningsAccountId: [chart.retained.id, chart.cash.id, '3.3101'],
        unrealizedFxGainLossAccountId: [chart.cash.id, '1.1101', '9.9'],
        path: ['1.1101', 'HQ', '9.9'],
        code: ['1101', 'HQ', 'x'],
        roleId: ['5b0d7a52-8d0e-4c55-9a51-0f6f3c1f0002', '5b0d7a52-8d0e-4c55-9a51-0f6f3c1f0003'],
        postingDate: ['2026-02-10', '2026-03-01', '2031-01-01'],
        dateFrom: ['2026-01-01', '2026-02-11', '2025-01-01'],
        dateTo: ['2026-12-31', '2026-02-10', '2028-06-30'],
        // The auditors' data takes the AICPA Audit Data API's names for a range.
        startDate: ['2026-01-01', '2026-02-11', '2025-01-01'],
        endDate: ['2026-12-31', '2026-02-10', '2028-06-30'],
        date: ['2026-02-10', '2026-12-31', '2030-01-01'],
        currency: ['USD', 'EUR', 'SAR', 'KWD', 'XYZ'],
        rate: ['3.75', '0.2666666667', '0', '1.23456789012'],
        financialYearId: [year.id],
        budgetId: [budget.id as string],
      },
    };
    const tokens = { owner: owner.token, key: apiKey.key as string };
    const perOperation = Math.ceil(TOTAL / operations.length);

    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let sent = 0;
    // The company's items as a rejected write left them, read just before the next request: that
    // write's "after" is the next one's "before", saving a read of every item per write refused.
    let unchanged: string | undefined;
    for (const [index, op] of operations.entries()) {
      const requests = fc.sample(requestsFor(op, known, candidatesFor, tokens), { seed: SEED + index, numRuns: perOperation });
      for (const request of requests) {
        const writes = request.method !== 'GET';
        const before = writes ? (unchanged ?? (await companyItems(companyId))) : '';
        const response = await send(stack.url(), request);
        const text = response.text;
        sent++;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const after = writes && response.status >= 400 ? await companyItems(companyId) : undefined;
        const changed = after !== undefined && !unchangedButNumbered(before, after);
        unchanged = after !== undefined && !changed ? after : undefined;
        const problem = checkResponse(response.status, text) ?? (changed ? `a rejected request changed the company (${JSON.stringify(changedItems(before, after!)).slice(0, 600)})` : undefined);
        if (problem) failures.push(`${problem}: ${request.method} ${request.path}?${request.query} ${request.body?.slice(0, 200) ?? ''} -> ${response.status} ${text.slice(0, 300)}`);
      }
    }

    const counts = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(', ');
    console.log(`fuzz: ${sent} requests over ${operations.length} operations (seed ${SEED}); ${counts}`);
    expect(failures.slice(0, 5)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
    expect(new Set(operations.map((o) => `${o.method} ${o.path}`)).size).toBe(operations.length);
  }, 600_000);
});

/**
 * Sends the request as written: the path unnormalised (fetch would resolve `..`) and header
 * values as UTF-8 bytes, as a client in another language would.
 */
function send(baseUrl: string, request: FuzzRequest): Promise<{ status: number; text: string }> {
  const url = new URL(baseUrl);
  const headers: Record<string, string | number> = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Buffer.from(value, 'utf8').toString('latin1')]));
  // Node sends a DELETE body unframed unless told its length.
  if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method: request.method, path: `${request.path}${request.query ? `?${request.query}` : ''}`, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(request.body);
  });
}

/** Why a response breaks the contract, or undefined. */
function checkResponse(status: number, text: string): string | undefined {
  if (status >= 500) return 'a 5xx';
  if (status < 400) return undefined;
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return 'a 4xx without a JSON body';
  }
  const shaped =
    body?.status === status &&
    Array.isArray(body.errors) &&
    body.errors.length > 0 &&
    body.errors.every((e: any) => typeof e?.name === 'string' && e.name.length > 0 && typeof e.reason === 'string' && typeof e.code === 'string');
  return shaped ? undefined : 'a 4xx outside the error shape';
}
