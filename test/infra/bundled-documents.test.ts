import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleFiles, bundleFunction } from '../../infra/bundling/bundle-function.ts';
import type { DocumentStorage } from '../../shared/attachments/store.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** The documents bucket as the attachment functions bundle it, against the suite's local object storage. */
describe('the documents bucket bundled as the attachment functions are', () => {
  it('loads the S3 client on first use only, and signs an upload, checks the object and signs its download', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundled-documents-'));
    const entry = join(dir, 'entry.ts');
    writeFileSync(entry, `export { documentBucket } from ${JSON.stringify(resolve(ROOT, 'shared/db/documents/document-bucket.ts'))};`);
    const metafile = bundleFunction(entry, join(dir, 'out'), { sourcemap: false, objectStorage: true });
    const files = bundleFiles(metafile);
    const atStart = Object.keys(metafile.outputs).filter((file) => !file.endsWith('.map') && !files.lazy.some((chunk) => chunk.file === file));
    expect(atStart.flatMap((file) => Object.keys(metafile.outputs[file]!.inputs)).filter((input) => input.includes('@aws-sdk/client-s3/'))).toEqual([]);
    expect(files.lazy.some((chunk) => chunk.largest.some((input) => input.startsWith('@aws-sdk/client-s3/')))).toBe(true);

    const { documentBucket } = (await import(join(dir, 'out', 'index.mjs'))) as { documentBucket: DocumentStorage };
    const file = Buffer.from('date,amount\n2026-03-01,120.00\n');
    const sha256 = createHash('sha256').update(file).digest('hex');
    const key = documentBucket.objectKey(randomUUID(), randomUUID(), randomUUID());
    expect(await documentBucket.storedObject(key, 1024)).toBeUndefined();

    const upload = await documentBucket.uploadUrl(key, { contentType: 'text/csv', size: file.length, sha256 }, 60);
    expect((await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: new Uint8Array(file) })).status).toBe(200);

    expect(await documentBucket.storedObject(key, 1024)).toEqual({ size: file.length, contentType: 'text/csv', sha256, versionId: undefined });
    // Larger than the check reads: its SHA-256 is not read.
    expect((await documentBucket.storedObject(key, 10))?.sha256).toBeUndefined();
    const downloaded = await fetch(await documentBucket.downloadUrl(key, undefined, 60));
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(file)).toBe(true);
  });
});
