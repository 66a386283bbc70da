import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { signedInUser, useGateway } from '../../support/api.ts';
import { taxedBooks as taxedBooksOf } from '../../support/tax-books.ts';
import { history } from '../../support/record-history.ts';

/** Tax codes through the API: kinds, rates by date, accounts, return boxes; the standard sets. */
const gateway = useGateway();

type Books = Awaited<ReturnType<typeof taxedBooks>>;
const taxedBooks = (jurisdiction: 'SA' | 'AE' | null) => taxedBooksOf(gateway.url, jurisdiction);

const sales15 = (books: Books) => ({
  code: 'S15',
  name: { english: 'Standard rated sales', arabic: 'مبيعات خاضعة للنسبة الأساسية' },
  kind: 'standard',
  direction: 'supplies',
  // Sent newest first: kept oldest first.
  rates: [{ effectiveFrom: '2020-07-01', percent: '15.00' }, { effectiveFrom: '2018-01-01', percent: 5 }],
  taxAccountId: books.outputVat.id,
  baseBoxes: ['1'],
  taxBoxes: ['1'],
});

describe('tax codes', () => {
  it('creates a code with its rates oldest first, lists, filters, replaces it by version, and keeps every version as history with its events', async () => {
    const books = await taxedBooks('SA');
    const { api, base } = books;

    const created = await api.post(`${base}/TaxCodes`, sales15(books));
    const exempt = await api.post(`${base}/TaxCodes`, { code: 'E', name: { english: 'Exempt sales', arabic: 'مبيعات معفاة' }, kind: 'exempt', direction: 'supplies', rates: [{ effectiveFrom: '2018-01-01', percent: 0 }], baseBoxes: ['5'] });

    expect(created.status, created.text).toBe(200);
    expect(exempt.status, exempt.text).toBe(200);
    expect(created.body).toMatchObject({ code: 'S15', kind: 'standard', direction: 'supplies', rates: [{ effectiveFrom: '2018-01-01', percent: '5' }, { effectiveFrom: '2020-07-01', percent: '15' }], taxAccountId: books.outputVat.id, reverseChargeAccountId: null, active: true, version: 1 });
    expect((await api.get(`${base}/TaxCodes/${created.body.id}`)).body).toEqual(created.body);
    expect((await api.get(`${base}/TaxCodes?orderAsc=true`)).body.results.map((c: { code: string }) => c.code)).toEqual(['E', 'S15']);
    expect((await api.get(`${base}/TaxCodes?kind=exempt`)).body.results.map((c: { code: string }) => c.code)).toEqual(['E']);

    const replaced = await api.put(`${base}/TaxCodes/${created.body.id}`, { ...sales15(books), code: undefined, kind: undefined, direction: undefined, rates: [{ effectiveFrom: '2018-01-01', percent: 5 }], active: false, version: 1 });
    const stale = await api.put(`${base}/TaxCodes/${created.body.id}`, { ...sales15(books), code: undefined, kind: undefined, direction: undefined, version: 1 });

    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body).toMatchObject({ code: 'S15', kind: 'standard', rates: [{ effectiveFrom: '2018-01-01', percent: '5' }], active: false, version: 2 });
    expect(stale.status).toBe(409);
    expect((await api.get(`${base}/TaxCodes?active=true`)).body.results.map((c: { code: string }) => c.code)).toEqual(['E']);
    const versions = await history(api, `${base}/TaxCodes/${created.body.id}`);
    expect(versions.map((v) => [v.type, v.version])).toEqual([['TaxCodeCreated', 1], ['TaxCodeChanged', 2]]);
    expect(versions[1]!.state).toEqual(replaced.body);
  });

  it('refuses what a code’s kind, accounts and return do not allow, naming the field and writing nothing', async () => {
    const books = await taxedBooks('SA');
    const { api, base, chart } = books;
    const refusal = async (body: Record<string, unknown>) => {
      const r = await api.post(`${base}/TaxCodes`, { ...sales15(books), ...body });
      expect(r.status, r.text).toBeGreaterThanOrEqual(400);
      return [r.status, r.body.errors?.[0]?.name, r.body.errors?.[0]?.code ?? r.body.code];
    };

    expect(await refusal({ taxAccountId: chart.assets.id })).toEqual([400, 'taxAccountId', 'CategoryAccount']);
    expect((await refusal({ taxAccountId: '9.9' }))[0]).toBe(404);
    expect((await refusal({ taxAccountId: null }))[1]).toBe('taxAccountId');
    expect((await refusal({ kind: 'exempt', taxAccountId: null, taxBoxes: [] }))[1]).toBe('rates[0].percent');
    expect((await refusal({ kind: 'reverseCharge', direction: 'purchases' }))[1]).toBe('reverseChargeAccountId');
    expect((await refusal({ reverseChargeAccountId: books.inputVat.id }))[1]).toBe('reverseChargeAccountId');
    expect((await refusal({ baseBoxes: ['13'] }))[1]).toBe('baseBoxes[0]');
    expect((await refusal({ taxBoxes: ['1', '1'] }))[1]).toBe('taxBoxes[1]');
    expect((await refusal({ code: 's15' }))[1]).toBe('code');
    expect((await refusal({ rates: [{ effectiveFrom: '2018-01-01', percent: 5 }, { effectiveFrom: '2018-01-01', percent: 15 }] }))[1]).toBe('rates[1].effectiveFrom');
    expect((await refusal({ rates: [{ effectiveFrom: '2018-01-01', percent: '100.5' }] }))[1]).toBe('rates[0].percent');
    expect((await api.get(`${base}/TaxCodes`)).body.results).toEqual([]);

    expect((await api.post(`${base}/TaxCodes`, sales15(books))).status).toBe(200);
    expect(await refusal({})).toEqual([409, 'code', 'DuplicateTaxCode']);
    expect((await api.get(`${base}/TaxCodes`)).body.results).toHaveLength(1);
  });

  it('takes no boxes without a jurisdiction, and fixes the jurisdiction once the company has a code', async () => {
    const books = await taxedBooks(null);
    const { api, base } = books;

    const boxed = await api.post(`${base}/TaxCodes`, sales15(books));
    const unboxed = await api.post(`${base}/TaxCodes`, { ...sales15(books), baseBoxes: [], taxBoxes: [] });
    const { version } = (await api.get(`${base}/Settings`)).body;
    const moved = await api.put(`${base}/Settings`, { taxJurisdiction: 'AE', version });

    expect(boxed.status).toBe(400);
    expect(boxed.body.errors[0].name).toBe('baseBoxes[0]');
    expect(unboxed.status, unboxed.text).toBe(200);
    expect(moved.status).toBe(409);
    expect(moved.body.errors[0]).toMatchObject({ name: 'taxJurisdiction', code: 'JurisdictionInUse' });
  });

  it('loads the standard set of the company’s jurisdiction in one call, each code with its event, once only, for managers only', async () => {
    const saudi = await taxedBooks('SA');
    const unregistered = await taxedBooks(null);
    const accounts = (b: typeof saudi) => ({ outputTaxAccountId: b.outputVat.id, inputTaxAccountId: b.inputVat.id });
    const viewer = await signedInUser(gateway.url);
    await saudi.api.post(`${saudi.base}/Members`, { email: viewer.user.email, roleId: ROLES.find((r) => r.name === 'viewer')!.id });

    const refusedForViewer = await viewer.api.post(`${saudi.base}/TaxCodes/Standard`, accounts(saudi));
    const noJurisdiction = await unregistered.api.post(`${unregistered.base}/TaxCodes/Standard`, accounts(unregistered));
    const sameAccount = await saudi.api.post(`${saudi.base}/TaxCodes/Standard`, { ...accounts(saudi), inputTaxAccountId: saudi.outputVat.id });
    const loaded = await saudi.api.post(`${saudi.base}/TaxCodes/Standard`, accounts(saudi));
    const again = await saudi.api.post(`${saudi.base}/TaxCodes/Standard`, accounts(saudi));

    expect(refusedForViewer.status).toBe(403);
    expect(noJurisdiction.status).toBe(409);
    expect(noJurisdiction.body.errors[0]).toMatchObject({ name: 'taxJurisdiction', code: 'NoTaxJurisdiction' });
    expect(sameAccount.status).toBe(400);
    expect(sameAccount.body.errors[0].name).toBe('inputTaxAccountId');
    expect(loaded.status, loaded.text).toBe(200);
    const codes = loaded.body.results as Array<{ id: string; code: string; kind: string; taxAccountId: string | null; reverseChargeAccountId: string | null }>;
    expect(codes.length).toBeGreaterThan(5);
    expect(new Set(codes.map((c) => c.taxAccountId))).toEqual(new Set([saudi.outputVat.id, saudi.inputVat.id, null]));
    expect(codes.filter((c) => c.kind === 'reverseCharge').every((c) => c.taxAccountId === saudi.inputVat.id && c.reverseChargeAccountId === saudi.outputVat.id)).toBe(true);
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ name: 'code', code: 'DuplicateTaxCode' });
    const listed = (await viewer.api.get(`${saudi.base}/TaxCodes?pageSize=100`)).body.results;
    expect(listed).toHaveLength(codes.length);
    const events = (await saudi.api.get(`${saudi.base}/Events?pageSize=100`)).body.results;
    expect(events.filter((e: { type: string }) => e.type === 'TaxCodeCreated').map((e: { recordId: string }) => e.recordId).sort()).toEqual(codes.map((c) => c.id).sort());
    expect(events.filter((e: { type: string }) => e.type === 'StandardTaxCodesLoaded')).toHaveLength(1);
    expect((await history(saudi.api, `${saudi.base}/TaxCodes/${codes[0]!.id}`)).map((v) => v.version)).toEqual([1]);
    // Each loaded code as the table holds it is the state its event recorded.
    const verified = await saudi.api.get(`${saudi.base}/Audit/Verify`);
    expect(verified.body, verified.text).toMatchObject({ verified: true, firstBrokenSequence: null });
  });
});
