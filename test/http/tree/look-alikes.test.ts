import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway, type ApiResponse, type Client } from '../../support/api.ts';

/** Through the API only; code edges written before look-alike forms: test/db/tree/legacy-code-edges.test.ts. */
const gateway = useGateway();
const names = (english: string, arabic = `حساب ${english}`) => ({ arabic, english });

function expectError(response: ApiResponse, status: number, field: string, code?: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body.errors[0].name, response.text).toBe(field);
  if (code) expect(response.body.errors[0].code, response.text).toBe(code);
}

/** Characters that show as nothing or as blank: Hangul fillers, Braille blank, CGJ, Khmer inherent vowel, a lone acute accent. */
const BLANK_CODES = ['\u3164', '\u2800', '\u034F', '\u115F', '\uFFA0', '\u17B4', '\u0301', '\u0301A', '4\u2800', 'A\u3164'];

const KINDS = [
  { resource: 'Accounts', body: (code: string, parentId: string | null, name = names(code)) => ({ code, name, type: 'category', parentId, ...(parentId ? {} : { classification: 'asset' }) }) },
  { resource: 'CostCenters', body: (code: string, parentId: string | null, name = names(code)) => ({ code, name, parentId }) },
];

describe.each(KINDS)('codes and names of $resource that look like others', ({ resource, body }) => {
  const create = (api: Client, base: string, code: string, parentId: string | null = null, name?: { arabic: string; english: string }) => api.post(`${base}/${resource}`, body(code, parentId, name));

  it('refuses a sibling code that only looks different (fullwidth digits, Cyrillic letters, case), also from two requests at once', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const parent = (await create(api, base, 'P')).body;
    const other = (await create(api, base, 'Q')).body;
    expect((await create(api, base, '42', parent.id)).status).toBe(200);
    expect((await create(api, base, 'A1', parent.id)).status).toBe(200);

    for (const lookAlike of ['\uFF14\uFF12', '\u04101', 'a1', '\uFF21\uFF11']) {
      expectError(await create(api, base, lookAlike, parent.id), 409, 'code', 'DuplicateCode');
    }
    // Under another parent the same codes are free.
    expect((await create(api, base, '\uFF14\uFF12', other.id)).status).toBe(200);
    const racing = await Promise.all([create(api, base, '77', other.id), create(api, base, '\uFF17\uFF17', other.id)]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    // A rename into a look-alike of a sibling is refused too.
    const b2 = (await create(api, base, 'B2', parent.id)).body;
    expectError(await api.put(`${base}/${resource}/${b2.id}`, { code: '\u0410\u0031', name: b2.name, parentId: parent.id, version: b2.version }), 409, 'code', 'DuplicateCode');
    const children = await api.get(`${base}/${resource}?pageSize=100`);
    expect(children.body.results.filter((n: { parentId: string }) => n.parentId === parent.id).map((n: { code: string }) => n.code).sort()).toEqual(['42', 'A1', 'B2']);
  });

  it('refuses codes that show as blank or hold invisible characters, naming code', async () => {
    const { api, base } = await companyOwner(gateway.url);
    for (const code of BLANK_CODES) expectError(await create(api, base, code), 400, 'code');
    const list = await api.get(`${base}/${resource}?pageSize=100`);
    expect(list.body.results).toEqual([]);
  });

  it('refuses names with invisible or blank characters or a leading mark, and keeps Arabic names with harakat', async () => {
    const { api, base } = await companyOwner(gateway.url);
    expectError(await create(api, base, '1', null, names('Cash\u200B', 'صندوق')), 400, 'name.english');
    expectError(await create(api, base, '1', null, names('Cash\u2800box', 'صندوق')), 400, 'name.english');
    expectError(await create(api, base, '1', null, names('Cash', '\u064Eصندوق')), 400, 'name.arabic');
    expectError(await create(api, base, '1', null, names('Cash', 'صندوق\u200F')), 400, 'name.arabic');
    expectError(await create(api, base, '1', null, names('Cash\tbox', 'صندوق')), 400, 'name.english');

    const arabic = await create(api, base, '1', null, names('Cash', 'الصُّنْدُوق الرَّئِيسِيّ'));
    const persian = await create(api, base, '2', null, names('Current', 'حساب\u200Cجاری'));
    expect(arabic.status, arabic.text).toBe(200);
    expect(arabic.body.name.arabic).toBe('الصُّنْدُوق الرَّئِيسِيّ');
    expect(persian.status, persian.text).toBe(200);
  });

  it('resolves paths by the codes as typed, after a change of case too', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const root = (await create(api, base, '4')).body;
    const child = (await create(api, base, '4101', root.id)).body;
    const named = (await create(api, base, 'Ab', root.id)).body;

    const viaPath = await create(api, base, 'x', '4.4101');
    expect(viaPath.status, viaPath.text).toBe(200);
    expect(viaPath.body).toMatchObject({ parentId: child.id, path: '4.4101.x' });
    expectError(await create(api, base, 'y', '4.\uFF14\uFF11\uFF10\uFF11'), 404, 'parentId', 'NotFound');
    expectError(await create(api, base, 'y', '4.ab'), 404, 'parentId', 'NotFound');

    const renamed = await api.put(`${base}/${resource}/${named.id}`, { code: 'AB', name: named.name, parentId: root.id, version: named.version });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await create(api, base, 'z', '4.AB')).body.parentId).toBe(named.id);
    expectError(await create(api, base, 'z', '4.Ab'), 404, 'parentId');
  });
});

describe('role names that look like others', () => {
  it('refuses invisible characters and names that look like a built-in or another custom role', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const role = (name: string) => api.post(`${base}/Roles`, { name, permissions: ['accounts:read'] });

    expectError(await role('owner\u200B'), 400, 'name');
    expectError(await role('\u2800'), 400, 'name');
    expectError(await role('Clerk\u3164'), 400, 'name');
    for (const lookAlike of ['\u039Fwner', '\u043Ewner', 'OWNER', '\uFF4F\uFF57\uFF4E\uFF45\uFF52', 'Vi\u0435wer']) {
      expectError(await role(lookAlike), 409, 'name', 'DuplicateName');
    }
    const clerk = await role('Clerk');
    expect(clerk.status).toBe(200);
    expectError(await role('\u0421lerk'), 409, 'name', 'DuplicateName');
    const racing = await Promise.all([role('Auditor'), role('\u0410uditor')]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);

    const other = (await role('Cashier')).body;
    expectError(await api.put(`${base}/Roles/${other.id}`, { name: 'CLERK', permissions: [], version: other.version }), 409, 'name', 'DuplicateName');
    const kept = await api.put(`${base}/Roles/${clerk.body.id}`, { name: 'CLERK', permissions: [], version: clerk.body.version });
    expect(kept.status, kept.text).toBe(200);
    expect((await role('Persian\u200Cname')).status).toBe(200);
    expect((await role('مُحاسِب')).status).toBe(200);
    expectError(await role('مُحاسب'), 409, 'name', 'DuplicateName');
  });
});
