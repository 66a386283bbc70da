import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ObjectEvidence } from '../../attachments/evidence.ts';
import type { SignatureV4 } from '@smithy/signature-v4';

/**
 * What the documents bucket holds under a key, read for Verify (audit/verify-attachments.ts) by
 * plain HTTP requests signed with SigV4, not through the S3 client: the client's XML protocol
 * shares modules with DynamoDB's JSON one, so even loaded on first use it would move about 40 KB
 * into what Verify's function loads at start (docs/decisions.md, "Source documents"). It is
 * handed the signer and the bucket's address.
 */
export interface DocumentsRequests {
  signer: Pick<SignatureV4, 'sign'>;
  bucket: string;
  region: string;
  /** The local object storage's URL; undefined in AWS (S3's regional endpoint). */
  endpoint: string | undefined;
  /** The bucket as the first path segment (the local object storage), not the host name. */
  pathStyle: boolean;
}

/** A signed request for the object (at a version): its URL and the headers to send. */
async function signed(to: DocumentsRequests, method: 'HEAD' | 'GET', objectKey: string, versionId: string | undefined, headers: Record<string, string>): Promise<{ url: string; headers: Record<string, string> }> {
  const endpoint = new URL(to.endpoint ?? `https://s3.${to.region}.amazonaws.com`);
  const pathStyle = to.pathStyle || to.endpoint !== undefined;
  const hostname = pathStyle ? endpoint.hostname : `${to.bucket}.${endpoint.hostname}`;
  const host = `${hostname}${endpoint.port ? `:${endpoint.port}` : ''}`;
  const path = `${pathStyle ? `/${to.bucket}` : ''}/${objectKey.split('/').map(encodeURIComponent).join('/')}`;
  const query: Record<string, string> = versionId ? { versionId } : {};
  const request = await to.signer.sign({ method, protocol: endpoint.protocol, hostname, path, query, headers: { host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', ...headers } });
  const url = new URL(`${endpoint.protocol}//${host}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  // fetch sets Host itself, from the URL.
  const { host: _host, ...sent } = request.headers;
  return { url: url.toString(), headers: sent };
}

const hexOf = (base64: string) => Buffer.from(base64, 'base64').toString('hex');

/**
 * The object under the key (the current version, or `versionId`): its size, version and SHA-256
 * (S3's own checksum of the upload, else the bytes read and hashed up to `maxBytes`), or
 * `missing`. Another answer than 200 or 404 is an error: the file is not checked.
 */
export async function objectEvidence(to: DocumentsRequests, objectKey: string, versionId: string | undefined, maxBytes: number): Promise<ObjectEvidence> {
  const head = await signed(to, 'HEAD', objectKey, versionId, { 'x-amz-checksum-mode': 'ENABLED' });
  const response = await fetch(head.url, { method: 'HEAD', headers: head.headers });
  // A version that is gone: 404, or 400 for an id S3 knows no version by; a delete marker's is 405.
  if (response.status === 404 || (versionId && (response.status === 400 || response.status === 405))) return { state: 'missing' };
  if (response.status !== 200) throw new Error(`The documents bucket answered ${response.status} to a HEAD of an attachment's file`);
  const size = Number(response.headers.get('content-length') ?? 0);
  const checksum = response.headers.get('x-amz-checksum-sha256');
  const whole = checksum && response.headers.get('x-amz-checksum-type') !== 'COMPOSITE' ? hexOf(checksum) : undefined;
  const version = response.headers.get('x-amz-version-id') ?? undefined;
  const sha256 = whole ?? (size <= maxBytes ? await hashOf(to, objectKey, versionId, maxBytes) : undefined);
  return { state: 'present', size, sha256, versionId: version === 'null' ? undefined : version };
}

/** The SHA-256 (hex) of the object's bytes, read as a stream; undefined past `maxBytes`. */
async function hashOf(to: DocumentsRequests, objectKey: string, versionId: string | undefined, maxBytes: number): Promise<string | undefined> {
  const get = await signed(to, 'GET', objectKey, versionId, {});
  const response = await fetch(get.url, { headers: get.headers });
  if (response.status !== 200 || !response.body) throw new Error(`The documents bucket answered ${response.status} to a GET of an attachment's file`);
  const hash = createHash('sha256');
  let read = 0;
  for await (const chunk of response.body as unknown as Readable) {
    read += (chunk as Uint8Array).byteLength;
    if (read > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      return undefined;
    }
    hash.update(chunk as Uint8Array);
  }
  return hash.digest('hex');
}
