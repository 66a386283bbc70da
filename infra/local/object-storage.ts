import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import S3rver from 's3rver';
import { LOCAL_CREDENTIAL, LOCAL_DOCUMENTS_BUCKET } from './environment.ts';

export interface RunningObjectStorage {
  /** The S3 endpoint, e.g. http://127.0.0.1:4569 (path-style: the bucket is the first path segment). */
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

/**
 * The local stand-in for S3 (s3rver, an S3-compatible server), on a free port of 127.0.0.1 only,
 * with the documents bucket made at start. With `dataDir` the objects persist there; without,
 * they live in a temporary directory removed on stop (the tests').
 *
 * s3rver checks that a request names a known access key and that a presigned URL has not expired,
 * but verifies no SigV4 signature: it stores whatever size, type or body a presigned PUT sends.
 * The service's own check of an upload (attachments/rules.ts, storedObjectVerdict) is what refuses
 * those locally; S3 refuses them at the PUT (docs/decisions.md, "Source documents").
 */
export async function startObjectStorage(options: { dataDir?: string } = {}): Promise<RunningObjectStorage> {
  const directory = options.dataDir ? resolve(options.dataDir) : mkdtempSync(join(tmpdir(), 'ledger-s3-'));
  mkdirSync(directory, { recursive: true });
  // s3rver knows only its own dummy key; the local stack signs with the credentials every local client uses (environment.ts).
  const accounts = createRequire(import.meta.url)('s3rver/lib/models/account.js') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };
  accounts.DUMMY_ACCOUNT.createKeyPair(LOCAL_CREDENTIAL, LOCAL_CREDENTIAL);
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: LOCAL_DOCUMENTS_BUCKET, configs: [] }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: LOCAL_DOCUMENTS_BUCKET,
    async stop() {
      await server.close();
      if (!options.dataDir) rmSync(directory, { recursive: true, force: true });
    },
  };
}
