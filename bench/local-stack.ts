import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTables } from '../infra/local/create-tables.ts';
import { startDynamoLocal, type RunningDynamo } from '../infra/local/dynamodb-local.ts';
import { localEnvironment } from '../infra/local/environment.ts';
import { ensureLocalSecrets } from '../infra/local/local-secrets.ts';
import { startObjectStorage, type RunningObjectStorage } from '../infra/local/object-storage.ts';

/**
 * The local stack for a benchmark: an in-memory DynamoDB Local with the tables, the local
 * gateway (handlers in this process; LOCAL_ISOLATION=environments runs each request in its own
 * execution environment, as Lambda does) and a signed-in user. The service's modules are loaded
 * only after the environment points at this DynamoDB Local.
 */
export interface BenchStack {
  dynamo: RunningDynamo;
  /** The signed-in user's Authorization header, for calling handlers in-process. */
  authorization: string;
  /** One request as the signed-in user: its status, its JSON body parsed, its text and size. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any; text: string; bytes: number; headers: Headers }>;
  /** The same, throwing unless the answer is 200. */
  ok(method: string, path: string, body?: unknown): Promise<any>;
  stop(): Promise<void>;
}

export async function startBenchStack(options: { objectStorage?: boolean } = {}): Promise<BenchStack> {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-bench-'));
  const secretsFile = join(dir, 'secrets.json');
  await ensureLocalSecrets(secretsFile);
  const dynamo = await startDynamoLocal();
  const storage: RunningObjectStorage | undefined = options.objectStorage ? await startObjectStorage() : undefined;
  // No stream: nothing here reads one, and DynamoDB Local slows every write as a stream grows (docs/decisions.md, "Test suite").
  await createTables(dynamo.endpoint, {}, { streams: false });
  Object.assign(process.env, localEnvironment(dynamo.endpoint, secretsFile, storage?.endpoint), { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent' });

  const { startGateway } = await import('../infra/local/gateway.ts');
  const { localIsolation } = await import('../infra/local/isolation.ts');
  const { findOrCreateUserByEmail } = await import('../shared/db/stores/user-store.ts');
  const { signAccessToken } = await import('../shared/auth/sign-access-token.ts');
  const gateway = await startGateway(0, localIsolation(process.env));
  const user = await findOrCreateUserByEmail(`bench-${randomUUID()}@example.com`);
  const token = await signAccessToken({ userId: user.id, email: user.email }, 3600);

  const call: BenchStack['call'] = async (method, path, body, headers = {}) => {
    const response = await fetch(`${gateway.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString('utf8');
    const json = response.headers.get('content-type')?.includes('json') && text;
    return { status: response.status, body: json ? JSON.parse(text) : undefined, text, bytes: bytes.length, headers: response.headers };
  };
  return {
    dynamo,
    authorization: `Bearer ${token}`,
    call,
    async ok(method, path, body) {
      const r = await call(method, path, body);
      if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
      return r.body;
    },
    async stop() {
      await gateway.close();
      await storage?.stop();
      await dynamo.stop();
    },
  };
}
