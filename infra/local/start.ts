import { resolve } from 'node:path';
import type { RunningDispatcher } from './event-dispatcher.ts';
import type { RunningGateway } from './gateway.ts';
import type { RunningIdentityProvider } from './identity-provider.ts';
import type { RunningJobRecovery } from './job-recovery.ts';
import type { RunningImportWorker } from './import-worker.ts';
import type { RunningExportWorker } from './export-worker.ts';
import type { RunningScheduleWorker } from './schedule-worker.ts';
import type { RunningEventArchive } from './event-archive.ts';
import type { RunningAttachmentSweep } from './attachment-arrivals.ts';
import { DATA_DIR, localEnvironment, SECRETS_FILE } from './environment.ts';
import { localIsolation } from './isolation.ts';
import { localScheduleSeconds } from './schedule-interval.ts';
import { localDynamoJvm } from './dynamodb-local.ts';
import { startObjectStorage, type RunningObjectStorage } from './object-storage.ts';
import { portIsFree } from './free-port.ts';
import { ensureLocalSecrets } from './local-secrets.ts';
import { forgetRunningStack, recordRunningStack } from './running-stack.ts';
import { superviseDynamo, type SupervisedDynamo } from './supervise-dynamo.ts';

/**
 * `npm start`: DynamoDB Local (data under .data/dynamodb, or in memory with --in-memory),
 * the local object storage beside it (s3rver on 127.0.0.1, the documents bucket's objects under
 * .data/s3, or in a temporary directory with --in-memory), the tables, the local identity
 * provider on 127.0.0.1:3001 (OIDC_PORT overrides) and the local gateway on 127.0.0.1:3000
 * (PORT overrides), the webhook dispatcher on the main table's stream, the recovery of
 * unfinished wide postings, the import and export workers, the check of uploads as they land (with its
 * sweep of pending attachments) and the event archive. DynamoDB Local
 * is supervised: restarted when it dies (see supervise-dynamo.ts), or the stack stops with a
 * message. Ctrl-C (or SIGTERM) stops all, prints `stopped` and removes `local.json`, so no
 * helper is pointed at dead ports (running-stack.ts).
 */
const inMemory = process.argv.includes('--in-memory');
const port = Number(process.env.PORT ?? 3000);
const oidcPort = Number(process.env.OIDC_PORT ?? port + 1);
const redirectUri = `http://127.0.0.1:${port}/api/Authentication/Login/Callback`;

let identity: RunningIdentityProvider | undefined;
let gateway: RunningGateway | undefined;
let dispatcher: RunningDispatcher | undefined;
let recovery: RunningJobRecovery | undefined;
let dynamo: SupervisedDynamo | undefined;
let imports: RunningImportWorker | undefined;
let exportJobs: RunningExportWorker | undefined;
let schedules: RunningScheduleWorker | undefined;
let archive: RunningEventArchive | undefined;
let storage: RunningObjectStorage | undefined;
let attachmentSweep: RunningAttachmentSweep | undefined;
let stopping = false;
/** How long a stack that gave up on DynamoDB Local waits for its parts to close. */
const GIVE_UP_STOP_MS = 10_000;
async function stop(exitCode = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  forgetRunningStack(DATA_DIR);
  const closing = (async () => {
    await gateway?.close();
    // The background workers do not wait on each other: they stop together.
    await Promise.all([dispatcher?.close(), recovery?.close(), imports?.close(), exportJobs?.close(), schedules?.close(), attachmentSweep?.close(), archive?.close()]);
    await identity?.close();
    await storage?.stop();
    await dynamo?.stop();
  })();
  // Given up on DynamoDB Local (its data is gone, or it will not restart): a worker's run or an
  // upload's check may be waiting on it, so the stack stops within GIVE_UP_STOP_MS whatever they do.
  await (exitCode === 0 ? closing : Promise.race([closing, new Promise((r) => setTimeout(r, GIVE_UP_STOP_MS))]));
  console.log('stopped');
  process.exit(exitCode);
}
// Ctrl-C reaches the whole process group (DynamoDB Local too, see supervise-dynamo.ts): stop in order, quietly.
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
// A busy port is named before anything starts, rather than failing deep in the gateway later.
for (const [name, value] of [['PORT', port], ['OIDC_PORT', oidcPort]] as const) {
  if (!(await portIsFree(value))) {
    console.error(`Port ${value} (${name}) is already in use: stop what listens there, or choose another, e.g. ${name}=${value + 100} npm start`);
    process.exit(1);
  }
}
// The settings read from the environment (LOCAL_ISOLATION=environments runs each request in its
// own execution environment, as in AWS; LOCAL_SCHEDULE_SECONDS; LOCAL_DYNAMODB_JVM): a wrong value stops the start here.
const [isolation, scheduleSeconds, jvm] = (() => {
  try {
    return [localIsolation(process.env), localScheduleSeconds(process.env), localDynamoJvm(process.env)] as const;
  } catch (error) {
    console.error((error as Error).message);
    return process.exit(1);
  }
})();
// The service's modules load while the emulator's JVM starts (each a second or two), from its
// spawn on: loading them holds the event loop, which would hold the spawn until they are loaded.
let spawned!: () => void; // set at once: a promise's executor runs as it is made
const loading = new Promise<void>((resolve) => (spawned = resolve)).then(() => import('./services.ts'));
loading.catch(() => undefined); // awaited below, where a failure to load stops the start
await ensureLocalSecrets(SECRETS_FILE);
dynamo = await superviseDynamo({ ...(inMemory ? {} : { dataDir: resolve(DATA_DIR, 'dynamodb') }), jvm, onSpawned: spawned }, {
  onRestart: (code) => console.error(`dynamodb: exited unexpectedly (code ${code}); restarting it with the same data (requests meanwhile get 503)`),
  onRestarted: () => console.log(`dynamodb: restarted on ${dynamo?.endpoint}`),
  onInterrupted: () => void stop(),
  onGiveUp: (reason) => {
    console.error(`dynamodb: ${reason}; stopping the stack`);
    void stop(1);
  },
});
// Objects created are checked as they land, as the bucket's notification has them checked in AWS.
storage = await startObjectStorage({ ...(inMemory ? {} : { dataDir: resolve(DATA_DIR, 's3') }), onObjectCreated: async (event) => (await loading).checkArrivedObjects(event) });
Object.assign(process.env, localEnvironment(dynamo.endpoint, SECRETS_FILE, storage.endpoint));
process.env.LOG_LEVEL ??= 'info';
const { createTables, ensureLedgerLayout, postingFigures, startIdentityProvider, LOCAL_CLIENT_ID, startGateway, startEventDispatcher, MAIN_TABLE, startJobRecovery, startImportWorker, startExportWorker, startScheduleWorker, startAttachmentSweep, startEventArchive } = await loading;
await createTables(dynamo.endpoint, {});
// Data kept from an older version: rebuild its balances and ledgers in the layout the code reads.
const rebuilt = await ensureLedgerLayout(postingFigures);
if (rebuilt > 0) console.log(`dynamodb: rebuilt the balances and ledgers of ${rebuilt} compan${rebuilt === 1 ? 'y' : 'ies'} from their journals`);
identity = await startIdentityProvider({ port: oidcPort, redirectUri, keysFile: resolve(DATA_DIR, 'oidc-keys.json') });
Object.assign(process.env, { OIDC_ISSUER: identity.issuer, OIDC_CLIENT_ID: LOCAL_CLIENT_ID, OIDC_REDIRECT_URI: redirectUri, OIDC_ALLOW_HTTP: '1' });
gateway = await startGateway(port, isolation).catch(async (error: unknown) => {
  await identity?.close();
  await storage?.stop();
  await dynamo?.stop();
  throw error;
});
if (!stopping) recordRunningStack({ api: gateway.url, dynamoEndpoint: dynamo.endpoint, pid: process.pid, dataDir: DATA_DIR });
// Webhooks: the dispatcher follows the main table's stream, as its function does in AWS.
dispatcher = await startEventDispatcher({ endpoint: dynamo.endpoint, tableName: MAIN_TABLE.id });
// Wide postings whose request died (this stack was killed mid-job) are finished, as in AWS.
recovery = startJobRecovery();
// Imports run in the background, as the import worker runs them in AWS.
imports = startImportWorker();
// Export jobs write their files into the local object storage, as the export worker does in AWS.
exportJobs = startExportWorker();
// Recurring journals are generated as they fall due, as the scheduled worker generates them in AWS.
schedules = startScheduleWorker({ everyMs: scheduleSeconds * 1000 });
// Uploads no notification checked (the stack was down when they landed) are found by the sweep, as in AWS.
attachmentSweep = startAttachmentSweep();
// Events are archived to the local object storage before they expire, as the hourly function does in AWS.
archive = startEventArchive();

console.log(`dynamodb: ${dynamo.endpoint} (${inMemory ? 'in memory' : `data in ${resolve(DATA_DIR, 'dynamodb')}`})`);
console.log(`s3: ${storage.endpoint} (bucket ${storage.bucket}, path-style; ${inMemory ? 'objects in a temporary directory' : `objects in ${resolve(DATA_DIR, 's3')}`})`);
console.log(isolation.isolation === 'environments' ? `gateway: each request in its own execution environment, at most ${isolation.concurrency} at once (LOCAL_ISOLATION)` : 'gateway: handlers in this process (LOCAL_ISOLATION=environments runs each request in its own execution environment, as Lambda does)');
console.log(`identity provider: ${identity.issuer} (local sign-in: any email, any password)`);
console.log('webhooks: dispatching events from the main table\'s stream (loopback receivers allowed locally)');
console.log('jobs: finishing wide postings left unfinished (checked every 5 s)');
console.log('imports: running import jobs as they arrive (checked every second)');
console.log(`exports: writing export jobs' files into the bucket ${storage.exportsBucket} as they arrive (checked every second)`);
console.log(`schedules: generating recurring journals as they fall due (checked every ${scheduleSeconds} s, LOCAL_SCHEDULE_SECONDS)`);
console.log('attachments: uploads checked as they land; pending ones swept every 5 s');
console.log('events: archiving events older than the archive threshold to the local object storage (checked every 10 minutes)');
console.log(`ready: ${gateway.url}  (OpenAPI ${gateway.url}/openapi.json, docs ${gateway.url}/docs; Ctrl-C stops)`);
