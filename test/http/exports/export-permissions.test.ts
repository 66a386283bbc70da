import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Permission } from '../../../shared/auth/permissions.ts';
import { signAccessToken } from '../../../shared/auth/sign-access-token.ts';
import { allLabels } from '../../../shared/exports/labels.ts';
import { ROUTES } from '../../../shared/routes.ts';
import { client, signedInUser, useGateway } from '../../support/api.ts';
import { csvRows, getFile, sheetValues, xlsxSheet } from '../../support/files.ts';
import { credit, debit } from '../../support/ledger.ts';
import { addApiKey, addMember } from '../../support/company-access.ts';
import { exportBooks } from '../../support/export-books.ts';
import { imported } from '../../support/imports.ts';

/**
 * An export shows no more than the same principal's JSON: for every exportable route of the
 * route table, and each built-in role and an API key holding only the route's own permission,
 * the CSV and the XLSX answer as the JSON does (the same status), every column is a field some
 * JSON answer shows that principal (the route's own, or the Accounts, CostCenters and
 * TrialBalance answers, whichever it may read), and every value in a column is one of that
 * field's values there.
 */
const gateway = useGateway();
// A company's export slots are test/db/exports/export-runs.test.ts's: here every principal exports at once, none waiting out a 429.
process.env.EXPORT_RUNS_PER_COMPANY = '32';

/** The JSON fields a column shows; columns not named (a report's figure columns) may hold any value of the route's JSON. */
const FIELDS: Record<string, string[]> = {
  'Code': ['code'],
  'Account': ['english'],
  'Account id': ['accountId'],
  'Cost center': ['path', 'english'],
  'Cost center id': ['costCenterId'],
  'Serial number': ['serialNumber'],
  'Entry number': ['entryNumber'],
  'Date': ['date'],
  'Posting date': ['postingDate'],
  'Status': ['status'],
  'Description': ['description'],
  'Reference': ['reference'],
  'Line': ['line'],
  'Debit': ['baseAmount'],
  'Credit': ['baseAmount'],
  // A line in the company currency has currency null in a journal; the file names that currency.
  'Currency': ['currency', 'baseCurrency'],
  'Amount in currency': ['amount', 'baseAmount'],
  'Exchange rate': ['exchangeRate'],
  'Tax code': ['taxCode'],
  'Tax amount': ['taxAmount'],
  'Emirate': ['emirate'],
  // The taxed line's number, counted from 1 as the file's lines are (the JSON's taxOf counts from 0).
  'Tax of line': ['line'],
  'Counterparty id': ['counterpartyId'],
  // Who created, approved and posted a journal, as `type:id` of the JSON's actor.
  'Created by': ['createdBy'],
  'Approved by': ['approvedBy'],
  'Posted by': ['postedBy'],
  'Findings': ['findings'],
  'Rules': ['rules'],
  'Entered': ['entered'],
  'Approved': ['approved'],
  'Posted': ['posted'],
  'Principal': ['principal'],
  'Balance': ['balance', 'openingBalance', 'closingBalance'],
};
const LABELS = new Set(allLabels('en'));

type Fields = Map<string, Set<string>>;

/** A value as compared: decimals by their number, dates by their day. */
function normal(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const text = String(value);
  return /^-?\d+(\.\d+)?$/.test(text) ? String(Number(text)) : text;
}

/** Every scalar of a JSON answer by its field name; a line's place in its journal as `line`. */
function collect(body: unknown, into: Fields, key = ''): Fields {
  // A field the JSON shows empty ([]) is still a field it shows.
  if (Array.isArray(body) && body.length === 0 && !into.has(key)) into.set(key, new Set());
  if (Array.isArray(body)) body.forEach((item, i) => {
    if (key === 'entries') add(into, 'line', i + 1);
    collect(item, into, key);
  });
  else if (isActor(body)) add(into, key, `${body.type}:${body.id}`);
  else if (body && typeof body === 'object') for (const [k, v] of Object.entries(body)) collect(v, into, k);
  else if (body !== null && body !== undefined) add(into, key, body);
  // A field the JSON shows empty (null) is still a field it shows.
  else if (!into.has(key)) into.set(key, new Set());
  return into;
}

/** An actor (a user or an API key), which a file shows as `type:id`. */
const isActor = (value: unknown): value is { type: string; id: string } => !!value && typeof value === 'object' && Object.keys(value).length === 2 && ['user', 'apiKey'].includes((value as { type?: unknown }).type as string);
const add = (fields: Fields, key: string, value: unknown) => (fields.get(key) ?? fields.set(key, new Set()).get(key)!).add(normal(value));

interface Principal {
  name: string;
  token: (permission: Permission) => Promise<string>;
}

let books: Awaited<ReturnType<typeof arrange>>;

/** One company: a small chart with two cost centers, three posted journals, a taxed sale to a counterparty and a draft, a budget and a stored report. */
async function arrange() {
  const owner = await exportBooks(gateway.url);
  const { api, base, chart, year } = owner;
  await api.post(`${base}/Journals`, { date: '2026-03-20T00:00:00Z', description: 'Draft rent', reference: 'D-1', entries: [debit(chart.rent.id, 5, chart.hq.id), credit(chart.cash.id, 5)] });
  const budget = await api.post(`${base}/Budgets`, { name: 'Plan', financialYearId: year.id, lines: [{ accountId: chart.rent.id, costCenterId: 'BR', amounts: Array.from({ length: 12 }, () => 100) }] });
  const stored = await api.post(`${base}/Reports`, { kind: 'TrialBalance', parameters: { dateFrom: '2026-01-01', dateTo: '2026-12-31' } });
  expect([budget.status, stored.status], budget.text + stored.text).toEqual([200, 200]);
  // Registered in Saudi Arabia, so the VAT return answers; a taxed sale to a counterparty, so journals show tax lines.
  const registered = await api.put(`${base}/Settings`, { taxJurisdiction: 'SA', version: (await api.get(`${base}/Settings`)).body.version });
  expect(registered.status, registered.text).toBe(200);
  const liabilities = await api.post(`${base}/Accounts`, { code: '2', name: { english: 'Liabilities', arabic: 'الخصوم' }, type: 'category', classification: 'liability' });
  const outputVat = await api.post(`${base}/Accounts`, { code: '2201', name: { english: 'Output VAT', arabic: 'ضريبة المخرجات' }, type: 'leaf', parentId: liabilities.body.id });
  const inputVat = await api.post(`${base}/Accounts`, { code: '1201', name: { english: 'Input VAT', arabic: 'ضريبة المدخلات' }, type: 'leaf', parentId: chart.assets.id });
  const codes = await api.post(`${base}/TaxCodes/Standard`, { outputTaxAccountId: outputVat.body.id, inputTaxAccountId: inputVat.body.id });
  const party = await api.post(`${base}/Counterparties`, { name: { english: 'Riyadh Trading Co.', arabic: 'شركة الرياض للتجارة' }, country: 'SA', taxRegistrationNumber: null });
  expect([codes.status, party.status], codes.text + party.text).toEqual([200, 200]);
  const sale = await api.post(`${base}/Journals`, { date: '2026-03-05T00:00:00Z', reference: 'INV-9', entries: [debit(chart.cash.id, 115), { ...credit(chart.sales.id, 100), taxCode: 'S-STD', counterpartyId: party.body.id }] });
  expect(sale.status, sale.text).toBe(200);
  expect((await api.post(`${base}/Journals/${sale.body.id}/Post`, { postingDate: '2026-03-05', version: 1 })).status).toBe(200);
  // The bank account with a statement of March, its receipt unmatched: the reconciliation has items on both sides.
  expect((await api.post(`${base}/BankAccounts`, { accountId: chart.bank.id, iban: 'SA0380000000608010167519', bankName: 'SNB' })).status).toBe(200);
  const mt940 = [':20:MAR', ':25:SA0380000000608010167519', ':28C:1/1', ':60F:C260301SAR0,00', ':61:2603020302C40,00NTRFNONREF//B1', ':86:Receipt', ':62F:C260331SAR40,00', '-'].join('\r\n');
  const statement = await imported(api, base, owner.companyId, { kind: 'bankStatements', format: 'mt940', bankAccountId: chart.bank.id, data: mt940 });
  expect(statement.status, JSON.stringify(statement.errors)).toBe('succeeded');
  const range = 'dateFrom=2026-01-01&dateTo=2026-12-31';
  /** Each exportable route's request (the JSON's first page holds every row of these books). */
  const requests: Record<string, string> = {
    'journals.list': `${base}/Journals?pageSize=100&orderAsc=true`,
    'reports.trialBalance': `${base}/Reports/TrialBalance?${range}`,
    'reports.incomeStatement': `${base}/Reports/IncomeStatement?${range}&byCostCenter=true`,
    'reports.balanceSheet': `${base}/Reports/BalanceSheet?date=2026-12-31`,
    'reports.cashFlow': `${base}/Reports/CashFlow?${range}`,
    'reports.budgetVsActual': `${base}/Reports/BudgetVsActual?budgetId=${budget.body.id}&${range}`,
    'reports.vatReturn': `${base}/Reports/VatReturn?${range}`,
    'reports.generalLedger': `${base}/Reports/GeneralLedger?accountId=${chart.assets.id}&${range}&pageSize=100`,
    'reports.get': `${base}/Reports/${stored.body.id}`,
    'reports.segregation': `${base}/Reports/Segregation?${range}`,
    'bankAccounts.reconciliation': `${base}/BankAccounts/${chart.bank.id}/Reconciliation?date=2026-12-31`,
  };
  const member = async (roleId: string) => {
    const user = await signedInUser(gateway.url);
    await addMember(api, base, user.user.email, roleId);
    return signAccessToken({ userId: user.user.id, email: user.user.email });
  };
  const roleTokens = await Promise.all(ROLES.filter((r) => r.name !== 'owner').map(async (r) => [r.name, await member(r.id)] as const));
  const principals: Principal[] = [
    { name: 'owner', token: async () => owner.token },
    ...roleTokens.map(([name, token]) => ({ name, token: async () => token })),
    { name: 'API key with only the route permission', token: (permission: Permission) => addApiKey(api, base, [permission]) },
  ];
  return { base, owner: api, requests, principals };
}

const NAMING_ANSWERS = ['/Accounts?pageSize=100', '/CostCenters?pageSize=100', '/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31', ''];
const namingAnswers = new Map<string, Promise<unknown[]>>();

/** What the JSON answers show a principal: its route's answer and the named lists it may read (each read once per principal), by field. */
async function shownTo(token: string, path: string) {
  const api = client(gateway.url, `Bearer ${token}`);
  if (!namingAnswers.has(token)) namingAnswers.set(token, Promise.all(NAMING_ANSWERS.map(async (p) => { const r = await api.get(`${books.base}${p}`); return r.status === 200 ? r.body : undefined; })));
  const [own, others] = await Promise.all([api.get(path), namingAnswers.get(token)!]);
  const fields: Fields = new Map();
  for (const body of [own.status === 200 ? own.body : undefined, ...others]) if (body !== undefined) collect(body, fields);
  return { status: own.status, fields, own: own.status === 200 ? collect(own.body, new Map()) : new Map() };
}

/** A file's header and rows, CSV or XLSX, as comparable text. */
async function fileOf(token: string, path: string, format: 'csv' | 'xlsx') {
  const exportPath = path.replace(/([?&])pageSize=\d+&?/, '$1').replace(/[?&]$/, '');
  const url = `${exportPath}${exportPath.includes('?') ? '&' : '?'}format=${format}`;
  // The principals export at once from one company: one refused 429 while the others hold its slots asks again after Retry-After, as a client does.
  let file = await getFile(gateway.url(), token, url);
  for (let retries = 3; file.status === 429 && retries > 0; retries--) {
    await new Promise((resolve) => setTimeout(resolve, Number(file.headers.get('retry-after') ?? 1) * 1000));
    file = await getFile(gateway.url(), token, url);
  }
  if (file.status !== 200) return { status: file.status, rows: [] as string[][] };
  const rows = format === 'csv' ? csvRows(file.bytes) : sheetValues(await xlsxSheet(file.bytes)).map((r) => r.map((v) => (v === null ? '' : normal(v))));
  return { status: file.status, rows };
}

beforeAll(async () => {
  books = await arrange();
});

const exportable = ROUTES.filter((r) => r.exportable);

describe('an export shows no more than the same principal’s JSON', () => {
  it('every exportable route of the route table has its request here', () => {
    expect(Object.keys(books.requests).sort()).toEqual(exportable.map((r) => r.name).sort());
  });

  it.each(exportable.map((r) => [r.name, r] as const))('%s: CSV and XLSX columns and values within what the JSON shows each built-in role and a minimal API key', async (name, route) => {
    const path = books.requests[name]!;
    await Promise.all(books.principals.map(async (principal) => {
      const token = await principal.token(route.access as Permission);
      const shown = await shownTo(token, path);
      for (const format of ['csv', 'xlsx'] as const) {
        const where = `${principal.name}, ${format}`;
        const file = await fileOf(token, path, format);
        expect(file.status, where).toBe(shown.status);
        if (file.status !== 200) continue;
        const [header = [], ...rows] = file.rows;
        expect(rows.length, where).toBeGreaterThan(0);
        header.forEach((column, i) => {
          const keys = FIELDS[column];
          if (keys) expect(keys.some((k) => shown.fields.has(k)), `${where}: column ${column} is a field the JSON shows`).toBe(true);
          for (const row of rows) {
            const cell = row[i] ?? '';
            if (cell === '' || LABELS.has(cell)) continue;
            const within = keys ? keys.some((k) => shown.fields.get(k)?.has(normal(cell))) : [...shown.own.values()].some((values) => values.has(normal(cell)));
            expect(within, `${where}: ${column} ${cell} is a value the JSON shows`).toBe(true);
          }
        });
      }
    }));
    // Four principals, each a JSON answer and two files, the first of each handler loading it: slow on a loaded machine.
  }, 120_000);

  it('a journals:read key’s journal list names accounts and cost centers by the ids its JSON shows', async () => {
    const token = await addApiKey(books.owner, books.base, ['journals:read']);
    const json = (await client(gateway.url, `Bearer ${token}`).get(books.requests['journals.list']!)).body;

    const [header, ...rows] = (await fileOf(token, books.requests['journals.list']!, 'csv')).rows;

    expect(header).toEqual(['Serial number', 'Entry number', 'Date', 'Posting date', 'Status', 'Description', 'Reference', 'Line', 'Account id', 'Cost center id', 'Debit', 'Credit', 'Currency', 'Amount in currency', 'Exchange rate', 'Tax code', 'Tax amount', 'Emirate', 'Tax of line', 'Counterparty id', 'Created by', 'Approved by', 'Posted by']);
    expect(rows.map((r) => [r[8], r[9]])).toEqual(json.results.flatMap((j: any) => j.entries.map((e: any) => [e.accountId, e.costCenterId ?? ''])));
    // Each line's tax and counterparty as its JSON has them; a tax line names its taxed line by the file's line number.
    expect(rows.map((r) => r.slice(15, 20))).toEqual(
      json.results.flatMap((j: any) => j.entries.map((e: any) => [e.tax?.taxCode ?? '', e.tax ? e.tax.taxAmount.toFixed(2) : '', e.tax?.emirate ?? '', e.taxOf === null ? '' : String(e.taxOf + 1), e.counterpartyId ?? ''])),
    );
    expect(rows.some((r) => r[15] === 'S-STD' && r[16] === '15.00') && rows.some((r) => r[18] !== '' && r[19] !== '')).toBe(true);
  });
});
