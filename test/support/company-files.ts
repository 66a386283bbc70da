import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { Client } from './api.ts';

/**
 * A source document declared on the company without a journal (`POST .../Attachments`),
 * uploaded through its presigned URL and read back available; with `upload` false, left pending.
 */
export async function companyFile(api: Client, base: string, text: string, upload = true): Promise<{ id: string; retainUntil: string | null }> {
  const file = Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);
  const declared = await api.post(`${base}/Attachments`, { fileName: `${text}.pdf`, contentType: 'application/pdf', size: file.length, sha256: createHash('sha256').update(file).digest('hex') });
  expect(declared.status, declared.text).toBe(200);
  expect(declared.body).toMatchObject({ journalId: null, status: 'pending', retainUntil: null });
  if (!upload) return declared.body;
  expect((await fetch(declared.body.upload.url, { method: 'PUT', headers: declared.body.upload.headers, body: new Uint8Array(file) })).status).toBe(200);
  const read = await api.get(`${base}/Attachments/${declared.body.id}`);
  expect(read.body, read.text).toMatchObject({ status: 'available', journalId: null, download: { url: expect.any(String) } });
  return read.body;
}
