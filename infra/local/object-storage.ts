import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { EventEmitter } from 'node:events';
import type { S3Event } from 'aws-lambda';
import S3rver from 's3rver';
import { LOCAL_CREDENTIAL, LOCAL_DOCUMENTS_BUCKET, LOCAL_EXPORTS_BUCKET } from './environment.ts';

export interface RunningObjectStorage {
  /** The S3 endpoint, e.g. http://127.0.0.1:4569 (path-style: the bucket is the first path segment). */
  endpoint: string;
  bucket: string;
  /** The bucket export jobs write their files to. */
  exportsBucket: string;
  stop(): Promise<void>;
}

/**
 * The local stand-in for S3 (s3rver, an S3-compatible server), on a free port of 127.0.0.1 only,
 * with the documents and exports buckets made at start. With `dataDir` the objects persist there; without,
 * they live in a temporary directory removed on stop (the tests').
 *
 * s3rver checks that a request names a known access key and that a presigned URL has not expired,
 * but verifies no SigV4 signature: it stores whatever size, type or body a presigned PUT sends.
 * The service's own check of an upload (attachments/rules.ts, storedObjectVerdict) is what refuses
 * those locally; S3 refuses them at the PUT (docs/decisions.md, "Source documents").
 * `onObjectCreated` is told of each object created, as the bucket's notification tells the
 * function that checks uploads in AWS (functions/ops/attachment-arrived.ts). `port` serves
 * on a given port (a test brings it back where presigned URLs point).
 */
/** What the bucket tells of an object created, as S3 notifies it: the record's key URL-encoded, spaces as '+'. */
export type ObjectCreatedListener = (event: S3Event) => Promise<unknown>;

export async function startObjectStorage(options: { dataDir?: string; port?: number; onObjectCreated?: ObjectCreatedListener } = {}): Promise<RunningObjectStorage> {
  const directory = options.dataDir ? resolve(options.dataDir) : mkdtempSync(join(tmpdir(), 'ledger-s3-'));
  mkdirSync(directory, { recursive: true });
  // s3rver knows only its own dummy key; the local stack signs with the credentials every local client uses (environment.ts).
  const accounts = createRequire(import.meta.url)('s3rver/lib/models/account.js') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };
  accounts.DUMMY_ACCOUNT.createKeyPair(LOCAL_CREDENTIAL, LOCAL_CREDENTIAL);
  const server = new S3rver({ address: '127.0.0.1', port: options.port ?? 0, directory, silent: true, configureBuckets: [{ name: LOCAL_DOCUMENTS_BUCKET, configs: [] }, { name: LOCAL_EXPORTS_BUCKET, configs: [] }] });
  // Notifications as S3 sends them to a function: s3rver emits one event per request that made
  // an object (PUT, POST, copy), in the shape of S3's notification, its key not encoded.
  const handling = new Set<Promise<unknown>>();
  const { onObjectCreated } = options;
  if (onObjectCreated) {
    // s3rver is a Koa application, an EventEmitter, which its type declarations leave out.
    (server as unknown as EventEmitter).on('event', (event: S3Event) => {
      const created = event.Records.filter((r) => r.eventName.startsWith('ObjectCreated:'));
      if (created.length === 0) return;
      const records = created.map((r) => ({ ...r, s3: { ...r.s3, object: { ...r.s3.object, key: encodeURIComponent(r.s3.object.key).replace(/%2F/g, '/').replace(/%20/g, '+') } } }));
      const handled = onObjectCreated({ Records: records }).catch((error: unknown) => console.error('s3: the check of an object created failed (the sweep of pending attachments takes it up)', error));
      handling.add(handled);
      void handled.finally(() => handling.delete(handled));
    });
  }
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: LOCAL_DOCUMENTS_BUCKET,
    exportsBucket: LOCAL_EXPORTS_BUCKET,
    async stop() {
      // The checks under way end first: they read the object, and write to DynamoDB Local, which stops after this.
      await Promise.all(handling);
      await server.close();
      if (!options.dataDir) rmSync(directory, { recursive: true, force: true });
    },
  };
}
