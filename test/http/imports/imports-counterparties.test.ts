import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { client, companyOwner, useGateway, type Client } from '../../support/api.ts';
import { addApiKey } from '../../support/company-access.ts';
import { allErrors, csv, imported } from '../../support/imports.ts';
import { year2026 } from '../../support/ledger.ts';

/**
 * Imports of counterparties (`kind: "counterparties"`, shared/imports/counterparty-import.ts):
 * customers and suppliers from CSV, checked as Create checks them, skipped when already there;
 * and from a SAF-T file's master files, whose journal lines then name them.
 */
const gateway = useGateway();
const FIXTURE = readFileSync(resolve(import.meta.dirname, '../../fixtures/saf-t/financial-1.30.xml'), 'utf8');
const COLUMNS = ['partyId', 'nameArabic', 'nameEnglish', 'country', 'taxRegistrationNumber', 'active'];

const counterparties = async (api: Client, base: string) =>
  ((await api.get(`${base}/Counterparties?pageSize=100&orderAsc=true`)).body.results as Array<{ id: string; name: { english: string; arabic: string }; country: string; taxRegistrationNumber: string | null; active: boolean }>).sort((a, b) => a.name.english.localeCompare(b.name.english));

describe('importing counterparties', () => {
  it('writes the valid rows of a CSV file, names the row and field of each refused one, and skips every row of the file sent again', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);
    const file = csv(COLUMNS, [
      ['CUST-1', 'شركة الرياض', 'Riyadh Trading', 'SA', '310987654300003', ''],
      ['CUST-2', 'مورد', 'Nowhere Supplies', 'XX', '', ''],
      ['SUP-1', 'مؤجر جدة', 'Jeddah Landlord', 'SA', '123', 'false'],
      ['SUP-2', 'شركة دبي', 'Dubai Parts', 'AE', '', 'no'],
      ['CUST-1', 'مكرر', 'Repeated', 'SA', '', ''],
    ]);

    const first = await imported(api, base, companyId, { kind: 'counterparties', format: 'csv', mode: 'perItem', data: file });
    expect(first).toMatchObject({ status: 'partiallySucceeded', counts: { rows: 5, valid: 2, invalid: 3, written: 2, skippedDuplicates: 0 } });
    const errors = await allErrors(api, base, first.id);
    expect(errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [2, 'country', 'ValidationError'],
      [3, 'taxRegistrationNumber', 'ValidationError'],
      [5, 'partyId', 'DuplicatePartyId'],
    ]);
    expect(await counterparties(api, base)).toEqual([
      expect.objectContaining({ name: { english: 'Dubai Parts', arabic: 'شركة دبي' }, country: 'AE', taxRegistrationNumber: null, active: false }),
      expect.objectContaining({ name: { english: 'Riyadh Trading', arabic: 'شركة الرياض' }, country: 'SA', taxRegistrationNumber: '310987654300003', active: true }),
    ]);
    const events = (await api.get(`${base}/Events?pageSize=100`)).body.results.filter((e: { type: string }) => e.type === 'CounterpartyCreated');
    expect(events).toHaveLength(2);

    const again = await imported(api, base, companyId, { kind: 'counterparties', format: 'csv', mode: 'perItem', data: file });
    expect(again.counts).toMatchObject({ written: 0, skippedDuplicates: 2 });
    expect(await counterparties(api, base)).toHaveLength(2);
  });

  it('writes nothing of an atomic file with a refused row, and refuses a caller without counterparties:manage', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);
    const file = csv(COLUMNS, [
      ['A', 'أ', 'Alpha', 'SA', '', ''],
      ['B', 'ب', 'Beta', 'SAU', '', ''],
    ]);
    const job = await imported(api, base, companyId, { kind: 'counterparties', format: 'csv', mode: 'atomic', data: file });
    expect(job).toMatchObject({ status: 'failed', counts: { valid: 1, invalid: 1, written: 0 } });
    expect(await counterparties(api, base)).toEqual([]);

    const importer = client(gateway.url, `Bearer ${await addApiKey(api, base, ['imports:manage', 'counterparties:read'])}`);
    const refused = await importer.post(`${base}/Imports`, { kind: 'counterparties', format: 'csv', data: file });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('counterparties:manage');
  });

  it('brings in a SAF-T file’s customers and suppliers, whose journal lines then name them; without them the lines are refused naming the element', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);
    const year = await year2026(api, base);
    const send = (body: Record<string, unknown>) => imported(api, base, companyId, { format: 'saf-t', data: FIXTURE, ...body });
    for (const kind of ['accounts', 'costCenters']) expect((await send({ kind })).status).toBe('succeeded');
    expect((await send({ kind: 'openingBalances', financialYearId: year.id })).status).toBe('succeeded');

    // The journals first: the lines naming C1 and S1 name no counterparty of the company yet.
    const early = await send({ kind: 'journals', post: true, dryRun: true });
    const unknown = (await allErrors(api, base, early.id)).filter((e) => e.code === 'UnknownCounterparty');
    expect(unknown.length).toBeGreaterThan(0);
    // A line's own party, or (a line naming none) its transaction's.
    expect(unknown.every((e) => /^GeneralLedgerEntries\/Journal\[\d+\]\/Transaction\[\d+\](\/Line\[\d+\])?\/(CustomerID|SupplierID)$/.test(e.field))).toBe(true);

    const parties = await send({ kind: 'counterparties' });
    expect(parties).toMatchObject({ status: 'succeeded', counts: { rows: 2, written: 2 } });
    const [landlord, trading] = await counterparties(api, base);
    expect(trading).toMatchObject({ name: { english: 'Riyadh Trading', arabic: 'Riyadh Trading' }, country: 'SA', active: true });
    expect(landlord).toMatchObject({ name: { english: 'Jeddah Landlord' }, country: 'SA' });
    expect((await send({ kind: 'counterparties' })).counts).toMatchObject({ written: 0, skippedDuplicates: 2 });

    const journals = await send({ kind: 'journals', post: true });
    expect(journals.status, JSON.stringify(journals.errors)).toBe('succeeded');
    const named = ((await api.get(`${base}/Journals?pageSize=100`)).body.results as Array<{ entries: Array<{ counterpartyId?: string | null }> }>).flatMap((j) => j.entries.map((e) => e.counterpartyId)).filter(Boolean);
    expect(new Set(named)).toEqual(new Set([trading!.id, landlord!.id]));
  });
});
