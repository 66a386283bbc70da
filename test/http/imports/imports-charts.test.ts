import { describe, expect, it } from 'vitest';
import { client, companyOwner, useGateway, type Client } from '../../support/api.ts';
import { allErrors, csv, imported } from '../../support/imports.ts';

/**
 * Imports of accounts and cost centers (shared/imports/plan-nodes.ts, write-nodes.ts): both
 * formats, both modes, dry runs, a second run that skips what the first wrote, and the error
 * report naming row and field.
 */
const gateway = useGateway();

const ACCOUNT_COLUMNS = ['code', 'parentPath', 'type', 'classification', 'nameArabic', 'nameEnglish'];
/** A chart whose children come before their parents in the file. */
const CHART = csv(ACCOUNT_COLUMNS, [
  ['1101', '1.11', 'leaf', '', 'الصندوق', 'Cash'],
  ['11', '1', 'category', '', 'أصول متداولة', 'Current assets'],
  ['1', '', 'category', 'asset', 'الأصول', 'Assets'],
  ['1102', '1.11', 'leaf', '', 'البنك', 'Bank'],
  ['4', '', 'category', 'revenue', 'الإيرادات', 'Revenue'],
  ['4101', '4', 'leaf', 'revenue', 'المبيعات', 'Sales'],
]);

const byPath = async (api: Client, base: string, path: string, resource = 'Accounts') =>
  ((await api.get(`${base}/${resource}?pageSize=100`)).body.results as Array<{ path: string }>).find((n) => n.path === path);

const paths = async (api: Client, base: string, resource = 'Accounts') =>
  ((await api.get(`${base}/${resource}?pageSize=100&orderBy=Code&orderAsc=true`)).body.results as Array<{ path: string }>).map((a) => a.path).sort();

describe('importing accounts', () => {
  it('writes a CSV chart whose parents come after their children, then skips every row of the same file sent again', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);

    const first = await imported(api, base, companyId, { kind: 'accounts', format: 'csv', mode: 'atomic', data: CHART });
    const again = await imported(api, base, companyId, { kind: 'accounts', format: 'csv', mode: 'atomic', data: `\uFEFF${CHART}` });

    expect(first).toMatchObject({ status: 'succeeded', counts: { rows: 6, valid: 6, invalid: 0, written: 6, skippedDuplicates: 0 }, errors: [], errorCount: 0 });
    expect(await paths(api, base)).toEqual(['1', '1.11', '1.11.1101', '1.11.1102', '4', '4.4101']);
    const cash = await byPath(api, base, '1.11.1101');
    expect(cash).toMatchObject({ type: 'leaf', classification: 'asset', name: { arabic: 'الصندوق', english: 'Cash' }, version: 1 });
    expect(again).toMatchObject({ status: 'succeeded', counts: { rows: 6, valid: 6, written: 0, skippedDuplicates: 6 } });
    expect(await paths(api, base)).toHaveLength(6);
    const events = (await api.get(`${base}/Events?pageSize=100`)).body.results.filter((e: { type: string }) => e.type === 'AccountCreated');
    expect(events).toHaveLength(6);
  });

  it('writes the valid rows of a JSON file item by item and reports each invalid one by row and field', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);
    await imported(api, base, companyId, { kind: 'accounts', format: 'csv', mode: 'atomic', data: CHART });
    const data = [
      { code: '5', type: 'category', classification: 'expense', nameArabic: 'المصروفات', nameEnglish: 'Expenses' },
      { code: '5101', parentPath: '9', type: 'leaf', nameArabic: 'إيجار', nameEnglish: 'Rent' },
      { code: '5102', parentPath: '5', type: 'leaf', nameArabic: 'رواتب', nameEnglish: 'Salaries' },
      { code: '5102', parentPath: '5', type: 'leaf', nameArabic: 'أجور', nameEnglish: 'Wages' },
      { code: '1101', parentPath: '1.11', type: 'leaf', nameArabic: 'نقدية', nameEnglish: 'Petty cash' },
      { code: 'X1', parentPath: '1.11.1101', type: 'leaf', nameArabic: 'س', nameEnglish: 'Under a leaf' },
      { code: '6', type: 'category', nameArabic: 'ص', nameEnglish: 'No classification' },
      { code: '61', parentPath: '6', type: 'leaf', nameArabic: 'ض', nameEnglish: 'Under an invalid row' },
      { code: '5103', parentPath: '5', type: 'shelf', nameArabic: 'ط', nameEnglish: 'Bad type', colour: 'red' },
    ];

    const job = await imported(api, base, companyId, { kind: 'accounts', format: 'json', mode: 'perItem', data });
    const errors = await allErrors(api, base, job.id);

    expect(job).toMatchObject({ status: 'partiallySucceeded', counts: { rows: 9, valid: 2, invalid: 7, written: 2, skippedDuplicates: 0 }, errorCount: 8 });
    expect(errors.map(({ row, field, code }) => ({ row, field, code }))).toEqual([
      { row: 2, field: 'parentPath', code: 'NotFound' },
      { row: 4, field: 'code', code: 'DuplicateCode' },
      { row: 5, field: 'code', code: 'DuplicateCode' },
      { row: 6, field: 'parentPath', code: 'ParentNotCategory' },
      { row: 7, field: 'classification', code: 'Required' },
      { row: 8, field: 'parentPath', code: 'InvalidParent' },
      { row: 9, field: 'colour', code: 'UnknownField' },
      { row: 9, field: 'type', code: 'ValidationError' },
    ]);
    expect(errors[1]!.reason).toContain('row 3');
    expect(job.errors).toEqual(errors);
    expect(await paths(api, base)).toEqual(['1', '1.11', '1.11.1101', '1.11.1102', '4', '4.4101', '5', '5.5102']);
    // Pages of the report: two at a time, each error once.
    const firstPage = (await api.get(`${base}/Imports/${job.id}/Errors?pageSize=2`)).body;
    const secondPage = (await api.get(`${base}/Imports/${job.id}/Errors?pageSize=2&page=${encodeURIComponent(firstPage.nextPage)}`)).body;
    expect([...firstPage.results, ...secondPage.results]).toEqual(errors.slice(0, 4));
  });

  it('writes nothing in atomic mode when one row is invalid, and nothing on a dry run', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);
    const bad = CHART.replace('1102,1.11,leaf', '1102,1.99,leaf');

    const atomic = await imported(api, base, companyId, { kind: 'accounts', format: 'csv', mode: 'atomic', data: bad });
    const dryBad = await imported(api, base, companyId, { kind: 'accounts', format: 'csv', mode: 'perItem', dryRun: true, data: bad });
    const dryGood = await imported(api, base, companyId, { kind: 'accounts', format: 'csv', mode: 'atomic', dryRun: true, data: CHART });

    expect(atomic).toMatchObject({ status: 'failed', counts: { rows: 6, valid: 5, invalid: 1, written: 0 }, errors: [{ row: 4, field: 'parentPath', code: 'NotFound' }] });
    expect(dryBad).toMatchObject({ status: 'partiallySucceeded', dryRun: true, counts: { valid: 5, invalid: 1, written: 0 } });
    expect(dryGood).toMatchObject({ status: 'succeeded', dryRun: true, counts: { valid: 6, invalid: 0, written: 0 } });
    expect(await paths(api, base)).toEqual([]);
  });
});

describe('importing cost centers', () => {
  it('writes a CSV tree atomically and a JSON file item by item, skipping what exists with the same names', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);
    const tree = csv(['code', 'parentPath', 'nameArabic', 'nameEnglish', 'active'], [
      ['HQ', '', 'الرئيسي', 'Head office', ''],
      ['HQ-IT', 'HQ', 'تقنية', 'IT', 'true'],
      ['OLD', '', 'قديم', 'Closed branch', 'false'],
    ]);

    const first = await imported(api, base, companyId, { kind: 'costCenters', format: 'csv', mode: 'atomic', data: tree });
    const second = await imported(api, base, companyId, {
      kind: 'costCenters',
      format: 'json',
      mode: 'perItem',
      data: [
        { code: 'HQ', nameArabic: 'الرئيسي', nameEnglish: 'Head office' },
        { code: 'HQ-HR', parentPath: 'HQ', nameArabic: 'موارد', nameEnglish: 'HR', active: true },
        { code: 'ＨＱ', nameArabic: 'مكرر', nameEnglish: 'Look-alike' },
        { code: 'BR', parentPath: 'HQ.HQ-XX', nameArabic: 'فرع', nameEnglish: 'Branch' },
      ],
    });

    expect(first).toMatchObject({ status: 'succeeded', counts: { written: 3 } });
    expect(second).toMatchObject({ status: 'partiallySucceeded', counts: { rows: 4, valid: 2, invalid: 2, written: 1, skippedDuplicates: 1 } });
    expect(second.errors.map(({ row, field, code }: { row: number; field: string; code: string }) => ({ row, field, code }))).toEqual([
      { row: 3, field: 'code', code: 'DuplicateCode' },
      { row: 4, field: 'parentPath', code: 'NotFound' },
    ]);
    expect(await paths(api, base, 'CostCenters')).toEqual(['HQ', 'HQ.HQ-HR', 'HQ.HQ-IT', 'OLD']);
    expect(await byPath(api, base, 'OLD', 'CostCenters')).toMatchObject({ status: 'inactive' });
  });
});

describe('accepting an import', () => {
  it('answers the queued job at once, refuses what it cannot read, and replays a repeated Idempotency-Key', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const headers = { 'idempotency-key': 'chart-2026' };

    const queued = await api.post(`${base}/Imports`, { kind: 'accounts', format: 'csv', data: CHART }, headers);
    const replay = await api.post(`${base}/Imports`, { kind: 'accounts', format: 'csv', data: CHART }, headers);
    const unknownColumn = await api.post(`${base}/Imports`, { kind: 'accounts', format: 'csv', data: 'code,colour\n1,red\n' });
    const brokenCsv = await api.post(`${base}/Imports`, { kind: 'accounts', format: 'csv', data: 'code,type,nameArabic,nameEnglish\n1,"leaf,ا,b\n' });
    const jsonAsText = await api.post(`${base}/Imports`, { kind: 'accounts', format: 'json', data: CHART });
    const noYear = await api.post(`${base}/Imports`, { kind: 'openingBalances', format: 'json', data: [] });
    const listed = await api.get(`${base}/Imports?orderAsc=true`);

    expect(queued.status, queued.text).toBe(200);
    expect(queued.body).toMatchObject({ status: 'queued', kind: 'accounts', mode: 'atomic', dryRun: false, counts: { rows: 6, written: 0 }, startedAt: null, finishedAt: null });
    expect(queued.body.payload.storedBytes).toBeGreaterThan(0);
    expect(replay.body.id).toBe(queued.body.id);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(unknownColumn.status).toBe(400);
    expect(unknownColumn.body.errors[0]).toMatchObject({ name: 'data', code: 'UnknownColumn' });
    expect(brokenCsv.body.errors[0]).toMatchObject({ name: 'data', code: 'InvalidCsv' });
    expect(jsonAsText.body.errors[0]).toMatchObject({ name: 'data' });
    expect(noYear.body.errors[0]).toMatchObject({ name: 'financialYearId' });
    expect(listed.body.results.map((j: { id: string }) => j.id)).toEqual([queued.body.id]);
  });

  it('takes a 5 MiB CSV file in one request, stored compressed, and refuses a body over 5.5 MiB with 413', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const line = (i: number) => `REF-${String(i).padStart(6, '0')},2026-03-01,2026-03-01,A plain description of this line,1.1101,,1,${i}.25`;
    const rows: string[] = ['reference,date,postingDate,description,accountPath,costCenterPath,side,amount'];
    for (let i = 0, bytes = 0; bytes < 5 * 1024 * 1024; i++) bytes += (rows[rows.push(line(i)) - 1]!.length + 2);
    const file = rows.join('\r\n');

    const accepted = await api.post(`${base}/Imports`, { kind: 'journals', format: 'csv', dryRun: true, data: file });
    const tooLarge = await api.post(`${base}/Imports`, { kind: 'journals', format: 'csv', dryRun: true, data: `${file}\r\n${file.slice(0, 600_000)}` });

    expect(Buffer.byteLength(file)).toBeGreaterThanOrEqual(5 * 1024 * 1024);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.payload.bytes).toBe(Buffer.byteLength(file));
    expect(accepted.body.payload.storedBytes).toBeLessThan(accepted.body.payload.bytes / 4);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.errors[0]).toMatchObject({ name: 'body', code: 'PayloadTooLarge' });
  });

  it('needs imports:manage and the permissions of what the import writes', async () => {
    const owner = await companyOwner(gateway.url);
    const onlyImports = await owner.api.post(`${owner.base}/ApiKeys`, { name: 'imports only', permissions: ['imports:manage'] });
    const chartImports = await owner.api.post(`${owner.base}/ApiKeys`, { name: 'chart', permissions: ['imports:manage', 'accounts:create'] });
    const noImports = await owner.api.post(`${owner.base}/ApiKeys`, { name: 'accounts', permissions: ['accounts:create'] });
    const body = { kind: 'accounts', format: 'csv', dryRun: true, data: CHART };

    const refused = await client(gateway.url, `Bearer ${onlyImports.body.key}`).post(`${owner.base}/Imports`, body);
    const accepted = await client(gateway.url, `Bearer ${chartImports.body.key}`).post(`${owner.base}/Imports`, body);
    const notAllowed = await client(gateway.url, `Bearer ${noImports.body.key}`).post(`${owner.base}/Imports`, body);
    const journals = await client(gateway.url, `Bearer ${chartImports.body.key}`).post(`${owner.base}/Imports`, { kind: 'journals', format: 'json', data: [] });

    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].reason).toContain('accounts:create');
    expect(accepted.status).toBe(200);
    expect(notAllowed.status).toBe(403);
    expect(journals.status).toBe(403);
  });
});

/** U+2160 ROMAN NUMERAL ONE and U+FF29 FULLWIDTH I: each looks like I (look-alike-form.ts). */
const ROMAN_I2 = '\u21602';
const FULLWIDTH_I2 = '\uFF292';

describe.each([
  { kind: 'accounts', resource: 'Accounts', columns: ACCOUNT_COLUMNS, row: (code: string, parentPath: string) => [code, parentPath, 'leaf', '', `ح ${code}`, `Account ${code}`], root: (code: string) => [code, '', 'category', 'asset', `ح ${code}`, `Root ${code}`], body: (code: string, parentId: string | null) => ({ code, parentId, type: parentId ? 'leaf' : 'category', ...(parentId ? {} : { classification: 'asset' }), name: { arabic: `ح ${code}`, english: `Account ${code}` } }) },
  { kind: 'costCenters', resource: 'CostCenters', columns: ['code', 'parentPath', 'nameArabic', 'nameEnglish'], row: (code: string, parentPath: string) => [code, parentPath, `ح ${code}`, `Center ${code}`], root: (code: string) => [code, '', `ح ${code}`, `Root ${code}`], body: (code: string, parentId: string | null) => ({ code, parentId, name: { arabic: `ح ${code}`, english: `Center ${code}` } }) },
])('look-alike codes of $resource through an import', ({ kind, resource, columns, row, root, body }) => {
  it('refuses a code that looks like one in the books or an earlier row under the same parent, as the API does', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);
    const p = (await api.post(`${base}/${resource}`, body('P', null))).body;
    const q = (await api.post(`${base}/${resource}`, body('Q', null))).body;
    expect((await api.post(`${base}/${resource}`, body('I2', p.id))).status).toBe(200);
    const data = csv(columns, [
      row(ROMAN_I2, 'P'), // beside I2 of the books
      row('I2', 'Q'),
      row(ROMAN_I2, 'Q'), // beside I2 of row 2
      row(FULLWIDTH_I2, 'Q'),
      root('R'),
      row(ROMAN_I2, 'R'), // under a parent of the file
      row('I2', 'R'),
    ]);

    const job = await imported(api, base, companyId, { kind, format: 'csv', mode: 'perItem', data });
    const errors = await allErrors(api, base, job.id);

    expect(job).toMatchObject({ status: 'partiallySucceeded', counts: { rows: 7, valid: 3, invalid: 4, written: 3 } });
    expect(errors.map(({ row: at, field, code }) => ({ row: at, field, code }))).toEqual([
      { row: 1, field: 'code', code: 'DuplicateCode' },
      { row: 3, field: 'code', code: 'DuplicateCode' },
      { row: 4, field: 'code', code: 'DuplicateCode' },
      { row: 7, field: 'code', code: 'DuplicateCode' },
    ]);
    expect(errors[0]!.reason).toContain('looks like I2');
    expect(errors[1]!.reason).toContain('row 2');
    expect(errors[3]!.reason).toContain('row 6');
    const codes = ((await api.get(`${base}/${resource}?pageSize=100`)).body.results as Array<{ path: string }>).map((n) => n.path).sort();
    expect(codes).toEqual(['P', 'P.I2', 'Q', 'Q.I2', 'R', `R.${ROMAN_I2}`]);
    // The API answers the same pairs the same way: under P (I2 written by the API) and under Q (I2 written by the import).
    for (const parent of [p, q]) {
      const refused = await api.post(`${base}/${resource}`, body(ROMAN_I2, parent.id));
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body.errors[0]).toMatchObject({ name: 'code', code: 'DuplicateCode' });
    }
    const r = ((await api.get(`${base}/${resource}?pageSize=100`)).body.results as Array<{ id: string; path: string }>).find((n) => n.path === 'R')!;
    expect((await api.post(`${base}/${resource}`, body('I2', r.id))).body.errors[0]).toMatchObject({ name: 'code', code: 'DuplicateCode' });
  });
});
