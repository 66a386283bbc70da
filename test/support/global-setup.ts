import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTables } from '../../infra/local/create-tables.ts';
import { startDynamoLocal } from '../../infra/local/dynamodb-local.ts';
import { localEnvironment } from '../../infra/local/environment.ts';
import { ensureLocalSecrets } from '../../infra/local/local-secrets.ts';
import { checkArrivedObjects } from '../../infra/local/attachment-arrivals.ts';
import { startObjectStorage } from '../../infra/local/object-storage.ts';
import { credentialLeaks } from './request-log.ts';

const RESULTS_DIR = resolve(import.meta.dirname, '../../test-results');

/** One in-memory DynamoDB Local, one local object storage and one secrets file for the whole run; each test makes its own company. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-test-'));
  const secretsFile = join(dir, 'secrets.json');
  await ensureLocalSecrets(secretsFile);
  // Uploads are checked as they land, by the function the bucket notifies in AWS, here in this process.
  const [dynamo, storage] = await Promise.all([startDynamoLocal({ jvm: 'busy' }), startObjectStorage({ onObjectCreated: checkArrivedObjects })]);
  // No stream on the shared tables: DynamoDB Local records every write of a table with a stream,
  // each write slower as the stream grows over the run, and only the webhook test reads one (on
  // a table of its own, test/http/webhooks/webhooks.test.ts).
  await createTables(dynamo.endpoint, {}, { streams: false });
  // Every request's log line of the run goes to one file, scanned for credentials at the end.
  mkdirSync(RESULTS_DIR, { recursive: true });
  const logFile = join(RESULTS_DIR, 'requests.log');
  rmSync(logFile, { force: true });
  // Blocks of book-change summaries of a few lines, so the suite's companies seal them all the time (audit/book-summaries.ts).
  const environment = { ...localEnvironment(dynamo.endpoint, secretsFile, storage.endpoint), BOOK_SUMMARY_LINES: process.env.BOOK_SUMMARY_LINES ?? '4', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', LOG_FILE: logFile };
  project.provide('environment', environment);
  // The check of uploads runs here, so it reads the environment the workers get.
  Object.assign(process.env, environment);
  return async () => {
    // The object storage first: it waits for the checks under way, which write to DynamoDB Local.
    await storage.stop();
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
    const leaks = credentialLeaks(logFile);
    if (leaks.length > 0) throw new Error(`${leaks.length} log lines hold something shaped like a credential (${logFile}):\n${leaks.slice(0, 10).join('\n')}`);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    environment: Record<string, string>;
  }
}
