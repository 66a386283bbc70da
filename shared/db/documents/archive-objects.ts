import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import type { SegmentObject } from '../../audit/archive-segments.ts';
import { config } from '../../config.ts';

/**
 * The archived event segments' objects in the documents bucket (docs/decisions.md, Audit, "Events
 * archived before they expire"): read and written by requests signed with SigV4 (S3's presigner,
 * the credentials of the function's environment) and sent with fetch, not through S3's client.
 * Why: Verify reads segments, and S3's client brings the SDK's checksum and event-stream modules,
 * which the functions' bundles replace with DynamoDB-only stand-ins (infra/bundling/options.ts):
 * with them Verify would start with 344 KB, not 300. Two operations need no more than this.
 */

/**
 * Where the segment beginning at `first` is kept: beside the company's attachments under its own
 * prefix (`companies/<c>/`), in `events/`, by its first number, so a run that finds the key taken
 * knows the segment is there (a key is never reused: segments are never rewritten).
 */
export const archiveObjectKey = (companyId: string, first: number) => `companies/${companyId}/events/${String(first).padStart(16, '0')}.jsonl.gz`;

/** What the presigner hashes with: node:crypto's SHA-256, an HMAC when given a key. */
type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (data: SourceData) => (typeof data === 'string' ? data : ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data));
class NodeSha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: SourceData) {
    this.hash = secret ? createHmac('sha256', bytesOf(secret)) : createHash('sha256');
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  async digest(): Promise<Uint8Array> {
    return this.hash.digest();
  }
}

let presigner: S3RequestPresigner | undefined;
const signer = () => (presigner ??= new S3RequestPresigner({ credentials: fromEnv(), region: config.region, sha256: NodeSha256 }));

/** A request for the object: S3's virtual-hosted address in AWS, the local object storage's by path. */
function requestFor(method: 'GET' | 'PUT', objectKey: string, query: Record<string, string>, headers: Record<string, string>) {
  const key = objectKey.split('/').map(encodeURIComponent).join('/');
  const bucket = config.documentsBucket;
  const base = new URL(config.s3Endpoint ?? `https://${bucket}.s3.${config.region}.amazonaws.com`);
  const byPath = config.s3Endpoint !== undefined && config.s3ForcePathStyle;
  const hostname = config.s3Endpoint && !byPath ? `${bucket}.${base.hostname}` : base.hostname;
  const port = base.port ? Number(base.port) : undefined;
  const host = port ? `${hostname}:${port}` : hostname;
  return { method, protocol: base.protocol, hostname, port, path: byPath ? `/${bucket}/${key}` : `/${key}`, query, headers: { ...headers, host } as Record<string, string> };
}

/** Sends the request signed (the headers given are signed as headers, never hoisted into the URL). */
async function send(request: ReturnType<typeof requestFor>, body?: Uint8Array): Promise<Response> {
  const sent = Object.keys(request.headers).filter((name) => name !== 'host');
  const signed = await signer().presign(request, { expiresIn: 60, unhoistableHeaders: new Set(sent.filter((name) => name.startsWith('x-amz-'))) });
  const url = new URL(`${request.protocol}//${request.headers.host!}${request.path}`);
  for (const [name, value] of Object.entries(signed.query ?? {})) url.searchParams.set(name, String(value));
  const headers = Object.fromEntries(sent.map((name) => [name, request.headers[name]!]));
  return fetch(url, { method: request.method, headers, ...(body ? { body: new Uint8Array(body) } : {}), signal: AbortSignal.timeout(30_000) });
}

const failure = async (what: string, response: Response) => new Error(`${what}: S3 answered ${response.status} ${(await response.text()).slice(0, 300)}`);

/** The object at `versionId` (null: the one there), or undefined when there is none (404: S3 tells it so to a role that may list the prefix). */
export async function readArchiveObject(objectKey: string, versionId: string | null): Promise<SegmentObject | undefined> {
  const response = await send(requestFor('GET', objectKey, versionId ? { versionId } : {}, {}));
  if (response.status === 404) return undefined;
  if (!response.ok) throw await failure(`reading ${objectKey}`, response);
  return {
    body: new Uint8Array(await response.arrayBuffer()),
    versionId: response.headers.get('x-amz-version-id'),
    retainUntil: response.headers.get('x-amz-object-lock-retain-until-date'),
  };
}

/**
 * Puts the object unless one is under its key (`If-None-Match: *`: 412, answered 'exists'),
 * locked in COMPLIANCE mode until `retainUntil`, with the SHA-256 S3 checks the body against
 * (Object Lock also asks a checksum of a PUT that sets a retention).
 */
export async function writeArchiveObject(objectKey: string, body: Uint8Array, sha256: string, retainUntil: Date): Promise<SegmentObject | 'exists'> {
  const headers = {
    'if-none-match': '*',
    'x-amz-sdk-checksum-algorithm': 'SHA256',
    'x-amz-checksum-sha256': Buffer.from(sha256, 'hex').toString('base64'),
    'x-amz-object-lock-mode': 'COMPLIANCE',
    'x-amz-object-lock-retain-until-date': retainUntil.toISOString(),
  };
  const response = await send(requestFor('PUT', objectKey, {}, headers), body);
  if (response.status === 412) return 'exists';
  if (!response.ok) throw await failure(`writing ${objectKey}`, response);
  return { body, versionId: response.headers.get('x-amz-version-id'), retainUntil: retainUntil.toISOString() };
}
