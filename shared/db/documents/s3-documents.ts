import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, PutObjectRetentionCommand, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { DeclaredFile, StoredObject } from '../../attachments/rules.ts';
import type { UploadUrl } from '../../attachments/store.ts';
import { config } from '../../config.ts';
import { lockSettings } from './lock-settings.ts';
import { s3 } from './s3-client.ts';

/** The documents bucket through the S3 client (document-bucket.ts loads this on first use). */

const base64Of = (hex: string) => Buffer.from(hex, 'hex').toString('base64');
const hexOf = (base64: string) => Buffer.from(base64, 'base64').toString('hex');

/**
 * A PUT of exactly this file: Content-Type, Content-Length and x-amz-checksum-sha256 are signed
 * headers (kept out of the query string), so S3 refuses a request that sends another type or
 * length, and a body whose SHA-256 is not the declared one.
 */
export async function presignedPut(objectKey: string, file: DeclaredFile, seconds: number): Promise<UploadUrl> {
  const checksum = base64Of(file.sha256);
  const command = new PutObjectCommand({ Bucket: config.documentsBucket, Key: objectKey, ContentType: file.contentType, ContentLength: file.size, ChecksumSHA256: checksum });
  const url = await getSignedUrl(s3(), command, { expiresIn: seconds, signableHeaders: new Set(['content-type', 'content-length']), unhoistableHeaders: new Set(['x-amz-checksum-sha256']) });
  return { url, headers: { 'Content-Type': file.contentType, 'x-amz-checksum-sha256': checksum } };
}

/** A GET of the object (at this version, where the bucket keeps versions). */
export function presignedGet(objectKey: string, versionId: string | undefined, seconds: number): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: config.documentsBucket, Key: objectKey, ...(versionId ? { VersionId: versionId } : {}) }), { expiresIn: seconds });
}

/**
 * What the bucket holds under the key, or undefined while nothing is there. Its SHA-256 is the
 * one S3 verified at the upload (HeadObject with ChecksumMode) where S3 kept it whole; else the
 * object is read and hashed, when it is at most `maxBytes` (the local object storage keeps no
 * checksums).
 */
export async function storedObject(objectKey: string, maxBytes: number): Promise<StoredObject | undefined> {
  const head = await s3()
    .send(new HeadObjectCommand({ Bucket: config.documentsBucket, Key: objectKey, ChecksumMode: 'ENABLED' }))
    .catch((error: unknown) => {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
      throw error;
    });
  if (!head) return undefined;
  const size = head.ContentLength ?? 0;
  // A multipart upload's checksum is of its parts ("...-3"); the presigned PUT makes whole ones.
  const whole = head.ChecksumSHA256 && head.ChecksumType !== 'COMPOSITE' ? hexOf(head.ChecksumSHA256) : undefined;
  const sha256 = whole ?? (size <= maxBytes ? await hashOf(objectKey, head.VersionId, maxBytes) : undefined);
  return { size, contentType: head.ContentType, sha256, versionId: head.VersionId, lastModified: head.LastModified ?? new Date() };
}

/**
 * Locks the object's version in COMPLIANCE mode until `until` (PutObjectRetention: S3 takes a
 * later date, refuses an earlier one). The local object storage has no Object Lock and answers
 * 405 (s3rver) or 501: let pass only where the configuration says storage is that one.
 */
export async function lockObject(objectKey: string, versionId: string | undefined, until: Date): Promise<void> {
  const command = new PutObjectRetentionCommand({ Bucket: config.documentsBucket, Key: objectKey, ...(versionId ? { VersionId: versionId } : {}), Retention: { Mode: 'COMPLIANCE', RetainUntilDate: until } });
  await s3()
    .send(command)
    .catch((error: unknown) => {
      const unsupported = error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 405 || error.$metadata.httpStatusCode === 501);
      if (!(unsupported && lockSettings.withoutLock)) throw error;
    });
}

/** The SHA-256 (hex) of the object, read as a stream; undefined when it turns out longer than `maxBytes`. */
async function hashOf(objectKey: string, versionId: string | undefined, maxBytes: number): Promise<string | undefined> {
  const { Body } = await s3().send(new GetObjectCommand({ Bucket: config.documentsBucket, Key: objectKey, ...(versionId ? { VersionId: versionId } : {}) }));
  const body = Body as Readable;
  const hash = createHash('sha256');
  let read = 0;
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    read += chunk.byteLength;
    if (read > maxBytes) {
      body.destroy();
      return undefined;
    }
    hash.update(chunk);
  }
  return hash.digest('hex');
}
