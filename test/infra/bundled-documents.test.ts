import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleFiles, bundleFunction } from '../../infra/bundling/bundle-function.ts';
import type { AttachmentFileEvidence } from '../../shared/attachments/evidence.ts';
import type { DocumentStorage } from '../../shared/attachments/store.ts';
import { attachmentKey, replaceObject } from '../support/object-storage.ts';

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

    expect(await documentBucket.storedObject(key, 1024)).toEqual({ size: file.length, contentType: 'text/csv', sha256, versionId: undefined, lastModified: expect.any(Date) });
    // The local object storage has no Object Lock (s3rver answers 405): let pass only where the configuration says so.
    await documentBucket.lock(key, undefined, new Date('2033-01-01T00:00:00Z'));
    const flag = process.env.OBJECT_STORAGE_WITHOUT_LOCK;
    expect(flag).toBe('1');
    delete process.env.OBJECT_STORAGE_WITHOUT_LOCK;
    try {
      await expect(documentBucket.lock(key, undefined, new Date('2033-01-01T00:00:00Z'))).rejects.toMatchObject({ $metadata: { httpStatusCode: 405 } });
    } finally {
      process.env.OBJECT_STORAGE_WITHOUT_LOCK = flag;
    }
    // Larger than the check reads: its SHA-256 is not read.
    expect((await documentBucket.storedObject(key, 10))?.sha256).toBeUndefined();
    const downloaded = await fetch(await documentBucket.downloadUrl(key, undefined, 60));
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(file)).toBe(true);
  });

  it("reads objects for Verify as Verify's function is bundled: no S3 client at all, the reads loaded on first use", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundled-evidence-'));
    const entry = join(dir, 'entry.ts');
    writeFileSync(entry, `export { attachmentFileEvidence } from ${JSON.stringify(resolve(ROOT, 'shared/db/stores/attachment-evidence-ports.ts'))};`);
    // Verify's bundle: the DynamoDB-only stand-ins, as its row's documents ('evidence') leave them.
    const metafile = bundleFunction(entry, join(dir, 'out'), { sourcemap: false, objectStorage: false });
    const inputs = (files: string[]) => files.flatMap((file) => Object.keys(metafile.outputs[file]!.inputs));
    const { lazy } = bundleFiles(metafile);
    const lazyFiles = lazy.map((chunk) => chunk.file);
    const atStart = Object.keys(metafile.outputs).filter((file) => !file.endsWith('.map') && !lazyFiles.includes(file));
    expect(inputs(atStart).filter((input) => input.includes('attachment-evidence.ts') || input.includes('object-evidence.ts'))).toEqual([]);
    expect(inputs(lazyFiles).some((input) => input.includes('object-evidence.ts'))).toBe(true);

    expect(inputs([...atStart, ...lazyFiles]).filter((input) => input.includes('@aws-sdk/client-s3/'))).toEqual([]);

    const bundled = (await import(join(dir, 'out', 'index.mjs'))) as { attachmentFileEvidence: () => Promise<AttachmentFileEvidence> };
    const evidence = await bundled.attachmentFileEvidence();
    const file = Buffer.from('%PDF-1.7\n% a voucher\n%%EOF\n');
    const sha256 = createHash('sha256').update(file).digest('hex');
    const ids = [randomUUID(), randomUUID(), randomUUID()] as const;
    const key = attachmentKey(...ids);
    expect(await evidence.objectEvidence(key, undefined, 1024)).toEqual({ state: 'missing' });
    await replaceObject(...ids, file);
    expect(await evidence.objectEvidence(key, undefined, 1024)).toEqual({ state: 'present', size: file.length, sha256, versionId: undefined });
    // Larger than the read takes: present, its SHA-256 not read.
    expect(await evidence.objectEvidence(key, undefined, 10)).toEqual({ state: 'present', size: file.length, sha256: undefined, versionId: undefined });
  });
});
