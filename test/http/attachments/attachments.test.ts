import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { signedInUser, useGateway, type Client } from '../../support/api.ts';
import { addMember } from '../../support/company-access.ts';
import { storedObject } from '../../support/object-storage.ts';
import { companyBooks, credit, debit, draftJournal, postedJournal } from '../../support/ledger.ts';

/**
 * Source documents of journals, end to end against the local object storage: declared through
 * the API, uploaded straight to storage through the presigned URL, checked when read back.
 */
const gateway = useGateway();
const role = (name: string) => ROLES.find((r) => r.name === name)!.id;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** A small PDF-like file of its own bytes for each test. */
const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);

type Upload = { url: string; method: 'PUT'; headers: Record<string, string>; expiresAt: string };

async function journalOf(api: Client, base: string, chart: Awaited<ReturnType<typeof companyBooks>>['chart']) {
  return draftJournal(api, base, [debit(chart.rent.id, 100), credit(chart.cash.id, 100)]);
}

/** Declares the file on the journal; answers the response. */
const declare = (api: Client, base: string, journalId: string, file: { fileName?: string; contentType?: string; size?: number; sha256?: string }) =>
  api.post(`${base}/Journals/${journalId}/Attachments`, { fileName: 'invoice.pdf', contentType: 'application/pdf', ...file });

/** The PUT a client makes with the answer's upload: its URL and headers, and a body. */
const put = (upload: Upload, body: Uint8Array, headers: Record<string, string> = {}) => fetch(upload.url, { method: upload.method, headers: { ...upload.headers, ...headers }, body: new Uint8Array(body) });

describe('attachments', () => {
  it('declares a file, takes its bytes through the presigned URL, and once read back makes it available with a download of the same bytes', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    const journal = await journalOf(api, base, chart);
    const file = pdf('voucher 1');

    const declared = await declare(api, base, journal.id, { size: file.length, sha256: sha256(file).toUpperCase() });
    expect(declared.status, declared.text).toBe(200);
    expect(declared.body).toMatchObject({ journalId: journal.id, fileName: 'invoice.pdf', contentType: 'application/pdf', size: file.length, sha256: sha256(file), status: 'pending', rejection: null, checkedAt: null, version: 1 });
    const upload = declared.body.upload as Upload;
    expect(upload.headers).toEqual({ 'Content-Type': 'application/pdf', 'x-amz-checksum-sha256': createHash('sha256').update(file).digest('base64') });
    // Type, length and checksum are signed headers of the URL, not query parameters a client could drop.
    expect(new URL(upload.url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host;x-amz-checksum-sha256');
    expect(Date.parse(upload.expiresAt) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    const path = `${base}/Journals/${journal.id}/Attachments/${declared.body.id}`;
    expect((await api.get(path)).body).toMatchObject({ status: 'pending', download: null, version: 1 });

    const stored = await put(upload, file);
    expect(stored.status, await stored.text()).toBe(200);

    const read = await api.get(path);
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ status: 'available', version: 2, checkedAt: expect.any(String), download: { url: expect.any(String), expiresAt: expect.any(String) } });
    const downloaded = await fetch(read.body.download.url);
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(file)).toBe(true);
    // Read again: checked once, so the same version.
    expect((await api.get(path)).body).toMatchObject({ status: 'available', version: 2 });
    const listed = await api.get(`${base}/Journals/${journal.id}/Attachments`);
    expect(listed.body.results).toEqual([{ ...Object.fromEntries(Object.entries(read.body).filter(([k]) => k !== 'download')) }]);

    const events = (await api.get(`${base}/Events?type=AttachmentDeclared,AttachmentAdded`)).body.results;
    expect(events.map((e: { type: string; version: number }) => [e.type, e.version])).toEqual([['AttachmentDeclared', 1], ['AttachmentAdded', 2]]);
    // Events record the attachment as a read shows it, never a URL.
    expect(JSON.stringify(events)).not.toContain('X-Amz-Signature');
    expect(events[1].data).toMatchObject({ id: declared.body.id, status: 'available', sha256: sha256(file) });
  });

  it('never makes available a file of another size, type or body than declared: storage refuses the PUT, or the check rejects it', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    const journal = await journalOf(api, base, chart);
    const file = pdf('voucher 2');
    const tries = {
      longer: { body: Buffer.concat([file, Buffer.from('x')]), headers: {}, reason: 'bytes' },
      'another type': { body: file, headers: { 'Content-Type': 'image/png' }, reason: 'type' },
      'another body': { body: Buffer.from(file.toString().replace('2', '3')), headers: {}, reason: 'SHA-256' },
    };
    for (const [what, attempt] of Object.entries(tries)) {
      const declared = await declare(api, base, journal.id, { size: file.length, sha256: sha256(file) });
      const stored = await put(declared.body.upload, attempt.body, attempt.headers);
      const read = await api.get(`${base}/Journals/${journal.id}/Attachments/${declared.body.id}`);
      if (stored.ok) {
        // The local object storage verifies no signature: the service's check refuses the file.
        expect(read.body, what).toMatchObject({ status: 'rejected', rejection: expect.stringContaining(attempt.reason), download: null });
      } else {
        expect(stored.status, what).toBe(403);
        expect(read.body, what).toMatchObject({ status: 'pending', download: null });
      }
    }
    const statuses = (await api.get(`${base}/Journals/${journal.id}/Attachments`)).body.results.map((a: { status: string }) => a.status);
    expect(statuses).toHaveLength(3);
    expect(statuses).not.toContain('available');
  });

  it('refuses another type, a file over 25 MB, a malformed SHA-256, an unknown journal, and a voided journal new files (it keeps its own), naming the field', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    const journal = await journalOf(api, base, chart);
    const file = pdf('voucher 3');
    const refusal = async (journalId: string, body: Record<string, unknown>) => {
      const r = await declare(api, base, journalId, { size: file.length, sha256: sha256(file), ...body });
      return { status: r.status, ...r.body.errors?.[0] };
    };

    expect(await refusal(journal.id, { contentType: 'application/zip' })).toMatchObject({ status: 400, name: 'contentType', code: 'UnsupportedContentType', reason: expect.stringContaining('application/pdf') });
    expect(await refusal(journal.id, { size: 25 * 1024 * 1024 + 1 })).toMatchObject({ status: 400, name: 'size', code: 'AttachmentTooLarge' });
    expect(await refusal(journal.id, { size: 0 })).toMatchObject({ status: 400, name: 'size', code: 'ValidationError' });
    expect(await refusal(journal.id, { sha256: 'not-a-digest' })).toMatchObject({ status: 400, name: 'sha256', code: 'ValidationError' });
    expect(await refusal(crypto.randomUUID(), {})).toMatchObject({ status: 404, code: 'NotFound', reason: 'The journal was not found.' });
    expect((await api.get(`${base}/Journals/${crypto.randomUUID()}/Attachments`)).status).toBe(404);
    expect((await api.get(`${base}/Journals/${journal.id}/Attachments/${crypto.randomUUID()}`)).status).toBe(404);

    // Every type the allowlist names is taken, in any case; a posted journal takes them too.
    expect((await refusal(journal.id, { contentType: 'Image/TIFF' })).status).toBe(200);
    const posted = await postedJournal(api, base, '2026-03-16', [debit(chart.rent.id, 5), credit(chart.cash.id, 5)]);
    expect((await refusal(posted.id, { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })).status).toBe(200);

    const voided = await api.post(`${base}/Journals/${journal.id}/Void`, { version: journal.version });
    expect(voided.status, voided.text).toBe(200);
    expect(await refusal(journal.id, {})).toMatchObject({ status: 409, code: 'InvalidState', reason: expect.stringContaining('voided') });
    expect((await api.get(`${base}/Journals/${journal.id}/Attachments`)).body.results).toEqual([expect.objectContaining({ contentType: 'image/tiff' })]);
  });

  it('removes an attachment of an unposted journal (kept as removed, with AttachmentRemoved, its file left in storage) and refuses it on a posted or voided one', async () => {
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    const journal = await journalOf(api, base, chart);
    const file = pdf('voucher 5');
    const kept = await declare(api, base, journal.id, { size: file.length, sha256: sha256(file) });
    const declared = await declare(api, base, journal.id, { size: file.length, sha256: sha256(file) });
    expect((await put(declared.body.upload, file)).status).toBe(200);
    const path = `${base}/Journals/${journal.id}/Attachments/${declared.body.id}`;
    const available = await api.get(path);
    expect(available.body.status).toBe('available');

    const stale = await api.delete(path, { version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({ name: 'version', code: 'Conflict' });
    const removed = await api.delete(path, { version: available.body.version });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toMatchObject({ id: declared.body.id, status: 'removed', version: available.body.version + 1 });
    expect((await api.get(path)).body).toMatchObject({ status: 'removed', download: null });
    expect((await api.get(`${base}/Journals/${journal.id}/Attachments`)).body.results.map((a: { id: string; status: string }) => [a.id, a.status])).toEqual([[kept.body.id, 'pending'], [declared.body.id, 'removed']]);
    const again = await api.delete(path, { version: removed.body.version });
    expect(again.body.errors[0]).toMatchObject({ code: 'InvalidState' });
    const events = (await api.get(`${base}/Events?type=AttachmentRemoved`)).body.results;
    expect(events.map((e: { type: string; version: number; data: { status: string } }) => [e.type, e.version, e.data.status])).toEqual([['AttachmentRemoved', removed.body.version, 'removed']]);
    // The bucket keeps the object: removal takes the document off the journal, not out of storage.
    expect((await storedObject(companyId, journal.id, declared.body.id))?.ContentLength).toBe(file.length);

    const posted = await postedJournal(api, base, '2026-03-16', [debit(chart.rent.id, 5), credit(chart.cash.id, 5)]);
    const onPosted = await declare(api, base, posted.id, { size: file.length, sha256: sha256(file) });
    const locked = await api.delete(`${base}/Journals/${posted.id}/Attachments/${onPosted.body.id}`, { version: 1 });
    expect(locked.status).toBe(409);
    expect(locked.body.errors[0]).toMatchObject({ name: 'generalErrors', code: 'AttachmentLocked', reason: expect.stringContaining('posted') });
    const voided = await api.post(`${base}/Journals/${journal.id}/Void`, { version: journal.version });
    expect(voided.status, voided.text).toBe(200);
    const onVoided = await api.delete(`${base}/Journals/${journal.id}/Attachments/${kept.body.id}`, { version: 1 });
    expect(onVoided.body.errors[0]).toMatchObject({ code: 'AttachmentLocked', reason: expect.stringContaining('voided') });
    expect((await api.delete(`${base}/Journals/${journal.id}/Attachments/${crypto.randomUUID()}`, { version: 1 })).status).toBe(404);
  });

  it('checks an upload as it lands, with no read of the attachment: the list shows it available within seconds, and a read at the same moment adds no second event', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    const journal = await journalOf(api, base, chart);
    const [file, other] = [pdf('voucher 6'), pdf('voucher 7')];
    const listed = async () => (await api.get(`${base}/Journals/${journal.id}/Attachments`)).body.results as Array<{ id: string; status: string; version: number }>;
    const untouched = await declare(api, base, journal.id, { size: file.length, sha256: sha256(file) });
    expect((await put(untouched.body.upload, file)).status).toBe(200);

    // Only the list is read: the bucket's notification is what checks it.
    const started = Date.now();
    let seen = await listed();
    while (seen[0]!.status === 'pending' && Date.now() - started < 5000) {
      await new Promise((r) => setTimeout(r, 100));
      seen = await listed();
    }
    expect(seen).toEqual([expect.objectContaining({ id: untouched.body.id, status: 'available', version: 2 })]);

    // A read racing the notification: one check wins, one event.
    const raced = await declare(api, base, journal.id, { size: other.length, sha256: sha256(other) });
    expect((await put(raced.body.upload, other)).status).toBe(200);
    const reads = await Promise.all([0, 1, 2].map(() => api.get(`${base}/Journals/${journal.id}/Attachments/${raced.body.id}`)));
    expect(reads.map((r) => r.body.status)).toEqual(['available', 'available', 'available']);
    await new Promise((r) => setTimeout(r, 500));
    const added = (await api.get(`${base}/Events?type=AttachmentAdded`)).body.results.map((e: { data: { id: string } }) => e.data.id);
    expect(added.sort()).toEqual([untouched.body.id, raced.body.id].sort());
  });

  it('lets exactly one of two declarations at once take the 25th place', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    const journal = await journalOf(api, base, chart);
    const file = { size: 10, sha256: sha256(Buffer.from('0123456789')) };
    for (let n = 0; n < 24; n += 8) {
      const made = await Promise.all(Array.from({ length: 8 }, (_, k) => declare(api, base, journal.id, { ...file, fileName: `page-${n + k}.pdf` })));
      expect(made.map((r) => r.status)).toEqual(Array(8).fill(200));
    }

    const [first, second] = await Promise.all([declare(api, base, journal.id, { ...file, fileName: 'a.pdf' }), declare(api, base, journal.id, { ...file, fileName: 'b.pdf' })]);

    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.status === 409)!.body.errors[0]).toMatchObject({ name: 'generalErrors', code: 'TooManyAttachments' });
    expect((await api.get(`${base}/Journals/${journal.id}/Attachments`)).body.results).toHaveLength(25);
    expect((await declare(api, base, journal.id, file)).body.errors[0].code).toBe('TooManyAttachments');
  });

  it('lets every built-in role read attachments, and only the owner and the accountant declare them', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    const journal = await journalOf(api, base, chart);
    const [accountant, viewer] = [await signedInUser(gateway.url), await signedInUser(gateway.url)];
    await addMember(api, base, accountant.user.email, role('accountant'));
    await addMember(api, base, viewer.user.email, role('viewer'));
    const file = pdf('voucher 4');

    const refused = await declare(viewer.api, base, journal.id, { size: file.length, sha256: sha256(file) });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].reason).toContain('attachments:create');
    const made = await declare(accountant.api, base, journal.id, { size: file.length, sha256: sha256(file) });
    expect(made.status, made.text).toBe(200);
    expect((await viewer.api.get(`${base}/Journals/${journal.id}/Attachments`)).body.results).toEqual([expect.objectContaining({ id: made.body.id, createdBy: { type: 'user', id: accountant.user.id } })]);
    expect((await viewer.api.get(`${base}/Journals/${journal.id}/Attachments/${made.body.id}`)).status).toBe(200);
    // A file of the company without a journal: the same permissions.
    const declareOnCompany = (as: Client) => as.post(`${base}/Attachments`, { fileName: 'advance.pdf', contentType: 'application/pdf', size: file.length, sha256: sha256(file) });
    expect((await declareOnCompany(viewer.api)).status).toBe(403);
    const early = await declareOnCompany(accountant.api);
    expect(early.status, early.text).toBe(200);
    expect((await viewer.api.get(`${base}/Attachments/${early.body.id}`)).body).toMatchObject({ id: early.body.id, journalId: null, status: 'pending', download: null });
  });
});
