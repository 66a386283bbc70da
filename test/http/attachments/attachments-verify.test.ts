import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { useGateway, type Client } from '../../support/api.ts';
import { companyBooks, credit, debit, draftJournal } from '../../support/ledger.ts';
import { deleteObject, replaceObject } from '../../support/object-storage.ts';
import { verifyByPages } from '../../support/verify-pages.ts';

/**
 * Verify over source documents: every available attachment's file read in storage against the
 * SHA-256, size and version its check recorded. Files are changed behind the service's back
 * through the object storage itself, as someone holding the bucket's keys could.
 */
const gateway = useGateway();
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);

/** A draft journal with `count` invoices attached, uploaded and available. */
async function attachedInvoices(api: Client, base: string, chart: Awaited<ReturnType<typeof companyBooks>>['chart'], count: number) {
  const journal = await draftJournal(api, base, [debit(chart.rent.id, 100), credit(chart.cash.id, 100)]);
  const ids = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const file = pdf(`invoice ${i}`);
      const declared = await api.post(`${base}/Journals/${journal.id}/Attachments`, { fileName: `invoice-${i}.pdf`, contentType: 'application/pdf', size: file.length, sha256: sha256(file) });
      const upload = declared.body.upload;
      expect((await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: new Uint8Array(file) })).status).toBe(200);
      expect((await api.get(`${base}/Journals/${journal.id}/Attachments/${declared.body.id}`)).body.status).toBe('available');
      return declared.body.id as string;
    }),
  );
  return { journalId: journal.id as string, ids };
}

type FileProblem = { journalId: string; attachmentId: string; problem: string; reason: string };
type Answer = { verified: boolean; nextPage: string | null; attachments: { checked: number; problemsFound: number; problems: FileProblem[] } | null };

describe('Verify over source documents', () => {
  afterEach(() => {
    delete process.env.VERIFY_PAGE_MS;
  });

  it('verifies untouched files, and reports a file replaced and one deleted, naming journal and attachment, while another company still verifies', async () => {
    const books = await companyBooks(gateway.url);
    const other = await companyBooks(gateway.url);
    const { journalId, ids } = await attachedInvoices(books.api, books.base, books.chart, 3);
    await attachedInvoices(other.api, other.base, other.chart, 1);

    const untouched = (await books.api.get(`${books.base}/Audit/Verify`)).body as Answer;
    expect(untouched).toMatchObject({ verified: true, nextPage: null, attachments: { checked: 3, problemsFound: 0, problems: [] } });

    const [replaced, deleted] = ids;
    // Other bytes of the same length: only the SHA-256 tells them apart.
    await replaceObject(books.companyId, journalId, replaced!, pdf('invoice 9'));
    await deleteObject(books.companyId, journalId, deleted!);

    const answer = (await books.api.get(`${books.base}/Audit/Verify`)).body as Answer;
    expect(answer.verified).toBe(false);
    expect(answer.attachments).toMatchObject({ checked: 3, problemsFound: 2 });
    // The local object storage keeps no versions: a file put again under the key reads as altered (S3 would say replaced, another version being current).
    expect([...answer.attachments!.problems].sort((a, b) => a.problem.localeCompare(b.problem))).toEqual([
      { journalId, attachmentId: replaced, problem: 'altered', reason: expect.stringContaining('SHA-256') },
      { journalId, attachmentId: deleted, problem: 'missing', reason: expect.stringContaining('no file') },
    ]);
    // The chain and the records are intact: only the files are not.
    expect(answer).toMatchObject({ firstBrokenSequence: null, reason: null });
    expect((await other.api.get(`${other.base}/Audit/Verify`)).body).toMatchObject({ verified: true, attachments: { checked: 1, problemsFound: 0 } });
    // A range below the head checks no files.
    expect((await books.api.get(`${books.base}/Audit/Verify?toSequence=3`)).body).toMatchObject({ verified: true, attachments: null });
  });

  it('checks the files over several requests when one runs out of time, carrying the problems found', async () => {
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    const { journalId, ids } = await attachedInvoices(api, base, chart, 14);
    const removed = [...ids].sort().at(-1)!;
    await deleteObject(companyId, journalId, removed);
    // A request past its time still checks a group of files (ten), then answers nextPage.
    process.env.VERIFY_PAGE_MS = '1';

    const pages = (await verifyByPages(api, base)) as unknown as Answer[];

    const filePages = pages.filter((p) => p.attachments !== null);
    expect(filePages.map((p) => p.attachments!.checked)).toEqual([10, 14]);
    expect(filePages.flatMap((p) => p.attachments!.problems)).toEqual([{ journalId, attachmentId: removed, problem: 'missing', reason: expect.any(String) }]);
    expect(pages.at(-1)).toMatchObject({ verified: false, nextPage: null, attachments: { checked: 14, problemsFound: 1 } });
  });
});
