import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useGateway, type Client } from '../../support/api.ts';
import { companyBooks, credit, debit, draftJournal } from '../../support/ledger.ts';
import { storedObject } from '../../support/object-storage.ts';

/**
 * Source documents locked for their company's retention (docs/decisions.md, Source documents,
 * "Retention"): as its file becomes available, an attachment records (and storage is asked to
 * lock it until) the company's documentRetentionYears after the end of its journal's financial
 * year, at 00:00 UTC. The local object storage has no Object Lock: the date is what is checked.
 */
const gateway = useGateway();
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A company of the jurisdiction, with the financial years 2030 and 2031 (far enough ahead that the bucket's own 6 years from today end first). */
async function companyIn(jurisdiction: 'SA' | 'AE') {
  const books = await companyBooks(gateway.url);
  const { api, base } = books;
  const settings = await api.get(`${base}/Settings`);
  const patched = await api.put(`${base}/Settings`, { taxJurisdiction: jurisdiction, version: settings.body.version });
  expect(patched.status, patched.text).toBe(200);
  for (const year of [2030, 2031]) expect((await api.post(`${base}/FinancialYears`, { startDate: `${year}-01-01`, endDate: `${year}-12-31` })).status).toBe(200);
  return { ...books, settingsVersion: patched.body.version as number };
}

/** Declares a file on the journal, uploads it, and reads the attachment back (available). */
async function attached(api: Client, base: string, journalId: string, text: string) {
  const file = Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);
  const declared = await api.post(`${base}/Journals/${journalId}/Attachments`, { fileName: `${text}.pdf`, contentType: 'application/pdf', size: file.length, sha256: sha256(file) });
  expect(declared.status, declared.text).toBe(200);
  expect(declared.body.retainUntil).toBeNull();
  const put = await fetch(declared.body.upload.url, { method: 'PUT', headers: declared.body.upload.headers, body: new Uint8Array(file) });
  expect(put.status).toBe(200);
  const read = await api.get(`${base}/Journals/${journalId}/Attachments/${declared.body.id}`);
  expect(read.body.status, read.text).toBe('available');
  return read.body;
}

describe('attachments locked for the company\'s retention', () => {
  it('locks a Saudi company\'s file 6 years and an Emirati company\'s 7 after the end of the journal\'s financial year', async () => {
    for (const [jurisdiction, until] of [['SA', '2037-01-01T00:00:00.000Z'], ['AE', '2038-01-01T00:00:00.000Z']] as const) {
      const { api, base, chart } = await companyIn(jurisdiction);
      const journal = await draftJournal(api, base, [debit(chart.rent.id, 100), credit(chart.cash.id, 100)], '2030-03-15');
      const attachment = await attached(api, base, journal.id, `voucher ${jurisdiction}`);
      expect(attachment.retainUntil, jurisdiction).toBe(until);
      // The list and the attachment's event say the same.
      expect((await api.get(`${base}/Journals/${journal.id}/Attachments`)).body.results[0].retainUntil).toBe(until);
      const added = (await api.get(`${base}/Events?type=AttachmentAdded`)).body.results;
      expect(added.map((e: { data: { retainUntil: string } }) => e.data.retainUntil)).toEqual([until]);
    }
  });

  it('counts from the year the journal posts into, when that is later than its date', async () => {
    const { api, base, chart } = await companyIn('SA');
    const journal = await draftJournal(api, base, [debit(chart.rent.id, 100), credit(chart.cash.id, 100)], '2030-12-28');
    const posted = await api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: '2031-01-02', version: journal.version });
    expect(posted.status, posted.text).toBe(200);
    expect((await attached(api, base, journal.id, 'late invoice')).retainUntil).toBe('2038-01-01T00:00:00.000Z');
  });

  it('applies a raised retention to later files only, and never shortens a lock: the minimum of the jurisdiction stays the floor', async () => {
    const { api, base, chart, settingsVersion } = await companyIn('AE');
    const journal = await draftJournal(api, base, [debit(chart.rent.id, 100), credit(chart.cash.id, 100)], '2030-03-15');
    const first = await attached(api, base, journal.id, 'first');
    const raised = await api.put(`${base}/Settings`, { documentRetentionYears: 10, version: settingsVersion });
    expect(raised.status, raised.text).toBe(200);
    const second = await attached(api, base, journal.id, 'second');
    expect([first.retainUntil, second.retainUntil]).toEqual(['2038-01-01T00:00:00.000Z', '2041-01-01T00:00:00.000Z']);
    const refused = await api.put(`${base}/Settings`, { documentRetentionYears: 6, version: raised.body.version });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ name: 'documentRetentionYears' });
    // Lowered to the minimum again: the files already locked keep their dates.
    expect((await api.put(`${base}/Settings`, { documentRetentionYears: 7, version: raised.body.version })).status).toBe(200);
    const listed = (await api.get(`${base}/Journals/${journal.id}/Attachments`)).body.results;
    expect(listed.map((a: { retainUntil: string }) => a.retainUntil)).toEqual(['2038-01-01T00:00:00.000Z', '2041-01-01T00:00:00.000Z']);
  });

  it('keeps a file taken off a draft locked: the record says removed, its lock and its object stay', async () => {
    const { api, base, chart, companyId } = await companyIn('SA');
    const journal = await draftJournal(api, base, [debit(chart.rent.id, 100), credit(chart.cash.id, 100)], '2030-03-15');
    const attachment = await attached(api, base, journal.id, 'misfiled');
    const removed = await api.delete(`${base}/Journals/${journal.id}/Attachments/${attachment.id}`, { version: attachment.version });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toMatchObject({ status: 'removed', retainUntil: '2037-01-01T00:00:00.000Z' });
    expect(await storedObject(companyId, journal.id, attachment.id)).toBeDefined();
  });
});
