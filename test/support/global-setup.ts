import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTables } from '../../infra/local/create-tables.ts';
import { startDynamoLocal } from '../../infra/local/dynamodb-local.ts';
import { localEnvironment } from '../../infra/local/environment.ts';
import { ensureLocalSecrets } from '../../infra/local/local-secrets.ts';

/** One in-memory DynamoDB Local and one secrets file for the whole run; each test makes its own company. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-test-'));
  const secretsFile = join(dir, 'secrets.json');
  await ensureLocalSecrets(secretsFile);
  const dynamo = await startDynamoLocal();
  await createTables(dynamo.endpoint, {});
  project.provide('environment', { ...localEnvironment(dynamo.endpoint, secretsFile), LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
  return async () => {
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    environment: Record<string, string>;
  }
}
