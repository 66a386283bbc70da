import { describe, expect, it } from 'vitest';
import { client, useGateway, type Client } from '../../support/api.ts';
import { companyFile } from '../../support/company-files.ts';
import { allErrors, csv, imported } from '../../support/imports.ts';
import { companyBooks } from '../../support/ledger.ts';

/**
 * Journals imports that name source documents uploaded to the company before their journals
 * exist (docs/decisions.md, Imports, "Source documents named by an import"): a file declared on
 * the company (`POST .../Attachments`), uploaded and checked, named in a row's `attachmentIds`,
 * goes on the journal the import writes, in the journal's own transaction, locked for the
 * journal's financial year; a re-run attaches nothing twice; a bad id is its row's error.
 */
const gateway = useGateway();
const attachmentsOf = async (api: Client, base: string, journalId: string) => (await api.get(`${base}/Journals/${journalId}/Attachments`)).body.results as Array<{ id: string; journalId: string; status: string; retainUntil: string; version: number }>;
const byReference = async (api: Client, base: string) => new Map(((await api.get(`${base}/Journals`)).body.results as Array<{ id: string; reference: string }>).map((j) => [j.reference, j.id]));

const HEADER = ['reference', 'date', 'accountPath', 'side', 'amount', 'attachmentIds'];

describe('journals imports naming files uploaded to the company', () => {
  it("puts the files on the journals written, locked for each journal's year, and attaches none twice when the file is imported again", async () => {
    const { api, base, companyId } = await companyBooks(gateway.url);
    expect((await api.post(`${base}/FinancialYears`, { startDate: '2030-01-01', endDate: '2030-12-31' })).status).toBe(200);
    const [invoice, receipt, contract] = [await companyFile(api, base, 'invoice'), await companyFile(api, base, 'receipt'), await companyFile(api, base, 'contract')];
    // Uploaded in 2026, no journal yet: locked 6 years after the end of 2026, the year of the upload.
    expect(invoice.retainUntil).toBe('2033-01-01T00:00:00.000Z');
    const file = csv(HEADER, [
      ['INV-1', '2026-03-01', '5.5101', 'debit', '100.00', invoice.id],
      ['INV-1', '2026-03-01', '1.1101', 'credit', '100.00', `${receipt.id.toUpperCase()}; ${invoice.id}`],
      ['LEASE-2030', '2030-02-01', '5.5101', 'debit', '50.00', contract.id],
      ['LEASE-2030', '2030-02-01', '1.1101', 'credit', '50.00', ''],
    ]);

    const job = await imported(api, base, companyId, { kind: 'journals', format: 'csv', data: file });
    expect(job, JSON.stringify(job.errors)).toMatchObject({ status: 'succeeded', counts: { written: 4, invalid: 0 } });

    const journals = await byReference(api, base);
    const onInvoice = await attachmentsOf(api, base, journals.get('INV-1')!);
    expect(onInvoice.map((a) => a.id).sort()).toEqual([invoice.id, receipt.id].sort());
    expect(onInvoice.every((a) => a.journalId === journals.get('INV-1') && a.status === 'available' && a.retainUntil === '2033-01-01T00:00:00.000Z')).toBe(true);
    // A journal of 2030 keeps its file 6 years after 2030: the file's lock is lengthened.
    expect(await attachmentsOf(api, base, journals.get('LEASE-2030')!)).toEqual([expect.objectContaining({ id: contract.id, journalId: journals.get('LEASE-2030'), retainUntil: '2037-01-01T00:00:00.000Z' })]);
    // The company's read of a file now answers it as its journal holds it, with its download.
    expect((await api.get(`${base}/Attachments/${contract.id}`)).body).toMatchObject({ journalId: journals.get('LEASE-2030'), retainUntil: '2037-01-01T00:00:00.000Z', download: { url: expect.any(String) } });
    const attachedEvents = async () => (await api.get(`${base}/Events?type=AttachmentAttached`)).body.results as Array<{ data: { id: string; journalId: string } }>;
    expect((await attachedEvents()).map((e) => e.data.id).sort()).toEqual([invoice.id, receipt.id, contract.id].sort());

    // Imported again: the journals are there, so their rows are skipped, files and all.
    const again = await imported(api, base, companyId, { kind: 'journals', format: 'csv', data: file });
    expect(again).toMatchObject({ status: 'succeeded', counts: { written: 0, skippedDuplicates: 4 } });
    expect(await attachmentsOf(api, base, journals.get('INV-1')!)).toHaveLength(2);
    expect(await attachedEvents()).toHaveLength(3);

    // A new journal naming a file another journal holds: its row's error.
    const other = await imported(api, base, companyId, { kind: 'journals', format: 'json', data: [{ reference: 'INV-3', date: '2026-04-01', accountPath: '5.5101', side: 1, amount: '5.00', attachmentIds: [invoice.id] }, { reference: 'INV-3', date: '2026-04-01', accountPath: '1.1101', side: 2, amount: '5.00' }] });
    expect(other.status).toBe('failed');
    expect(await allErrors(api, base, other.id)).toEqual([{ row: 1, field: 'attachmentIds', code: 'AttachmentInUse', reason: expect.stringContaining(journals.get('INV-1')!) }]);
  });

  it("refuses, naming attachmentIds on the row, an id that is no UUID, another company's file, one not yet available, one two journals name; an atomic import then attaches nothing", async () => {
    const { api, base, companyId } = await companyBooks(gateway.url);
    const elsewhere = await companyBooks(gateway.url);
    const foreign = await companyFile(elsewhere.api, elsewhere.base, 'foreign');
    const pending = await companyFile(api, base, 'pending', false);
    const [shared, good] = [await companyFile(api, base, 'shared'), await companyFile(api, base, 'good')];
    const pair = (reference: string, attachmentIds?: unknown) => [
      { reference, date: '2026-05-01', accountPath: '5.5101', side: 1, amount: '10.00', ...(attachmentIds === undefined ? {} : { attachmentIds }) },
      { reference, date: '2026-05-01', accountPath: '1.1101', side: 2, amount: '10.00' },
    ];
    const data = [...pair('FOREIGN', [foreign.id]), ...pair('PENDING', pending.id), ...pair('MALFORMED', 'not-an-id'), ...pair('FIRST', [shared.id]), ...pair('SECOND', [shared.id]), ...pair('GOOD', [good.id])];

    const job = await imported(api, base, companyId, { kind: 'journals', format: 'json', mode: 'atomic', data });
    expect(job.status).toBe('failed');
    const errors = await allErrors(api, base, job.id);
    expect(errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [1, 'attachmentIds', 'NotFound'],
      [3, 'attachmentIds', 'AttachmentNotAvailable'],
      [5, 'attachmentIds', 'ValidationError'],
      [9, 'attachmentIds', 'AttachmentInUse'],
    ]);
    // Nothing written: the good file is still on no journal.
    expect((await api.get(`${base}/Journals`)).body.results).toEqual([]);
    expect((await api.get(`${base}/Attachments/${good.id}`)).body).toMatchObject({ journalId: null, status: 'available' });
    // Another company's file is not found through this company either.
    expect((await api.get(`${base}/Attachments/${foreign.id}`)).status).toBe(404);

    // Item by item, the valid journals are written with their files.
    const perItem = await imported(api, base, companyId, { kind: 'journals', format: 'json', mode: 'perItem', data });
    expect(perItem).toMatchObject({ status: 'partiallySucceeded', counts: { written: 4 } });
    const journals = await byReference(api, base);
    expect([...journals.keys()].sort()).toEqual(['FIRST', 'GOOD']);
    expect((await attachmentsOf(api, base, journals.get('GOOD')!)).map((a) => a.id)).toEqual([good.id]);
    expect((await attachmentsOf(api, base, journals.get('FIRST')!)).map((a) => a.id)).toEqual([shared.id]);
  });

  it('asks attachments:create besides journals:create of whoever imports journals naming files', async () => {
    const { api, base } = await companyBooks(gateway.url);
    const file = await companyFile(api, base, 'voucher');
    const key = await api.post(`${base}/ApiKeys`, { name: 'journals only', permissions: ['imports:manage', 'journals:create'] });
    const importer = client(gateway.url, `Bearer ${key.body.key}`);
    const rows = (attachmentIds?: string) => csv(HEADER, [['K-1', '2026-03-01', '5.5101', 'debit', '1.00', attachmentIds ?? ''], ['K-1', '2026-03-01', '1.1101', 'credit', '1.00', '']]);

    const refused = await importer.post(`${base}/Imports`, { kind: 'journals', format: 'csv', dryRun: true, data: rows(file.id) });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].reason).toContain('attachments:create');
    expect((await importer.post(`${base}/Imports`, { kind: 'journals', format: 'csv', dryRun: true, data: rows() })).status).toBe(200);
  });
});
