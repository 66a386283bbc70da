import { resolve } from 'node:path';
import { IDEMPOTENCY_TABLE, MAIN_TABLE } from '../../shared/db/table/tables.ts';

/** Where the local stack keeps its state, and the environment its handlers read. */
export const dataDirOf = (env: NodeJS.ProcessEnv): string => (env.LEDGER_DATA_DIR ? resolve(env.LEDGER_DATA_DIR) : resolve(import.meta.dirname, '../../.data'));
export const DATA_DIR = dataDirOf(process.env);
export const SECRETS_FILE = resolve(DATA_DIR, 'secrets.json');
/** The documents bucket of the local object storage (object-storage.ts). */
export const LOCAL_DOCUMENTS_BUCKET = 'ledger-documents';
/** The exports bucket of the local object storage: export jobs' files. */
export const LOCAL_EXPORTS_BUCKET = 'ledger-exports';
/** The access key and secret every local client signs with: DynamoDB Local takes any, the local object storage is told this one. */
export const LOCAL_CREDENTIAL = 'local';

/** The handlers' environment: DynamoDB Local's endpoint, the secrets file, and the local object storage's endpoint where one runs. */
export function localEnvironment(dynamoEndpoint: string, secretsFile: string, objectStorageEndpoint?: string): Record<string, string> {
  return {
    DYNAMODB_ENDPOINT: dynamoEndpoint,
    // The emulator reads no signature: its requests skip SigV4's work (shared/db/table/emulator-signer.ts).
    DYNAMODB_UNSIGNED: '1',
    // The local object storage has no Object Lock: an attachment's lock is recorded, not applied (shared/db/documents/lock-settings.ts).
    ...(objectStorageEndpoint ? { S3_ENDPOINT: objectStorageEndpoint, S3_FORCE_PATH_STYLE: '1', DOCUMENTS_BUCKET: LOCAL_DOCUMENTS_BUCKET, EXPORTS_BUCKET: LOCAL_EXPORTS_BUCKET, OBJECT_STORAGE_WITHOUT_LOCK: '1' } : {}),
    SECRETS_FILE: secretsFile,
    // Read the secrets file again every few seconds, so `npm run rotate-signing-key` takes effect soon.
    SECRETS_CACHE_SECONDS: '5',
    // Receivers on this machine may get webhooks locally (never in AWS).
    WEBHOOKS_ALLOW_LOOPBACK: '1',
    TABLE_NAME: MAIN_TABLE.id,
    IDEMPOTENCY_TABLE_NAME: IDEMPOTENCY_TABLE.id,
    AWS_REGION: 'local',
    // DynamoDB Local accepts any credentials, the local object storage these; they keep the SDK from searching for real ones.
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIAL,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIAL,
  };
}
