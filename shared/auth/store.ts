import type { ApiKeyRecord } from '../api-keys/records.ts';

/** What authenticating a caller (principal.ts) needs of the place API keys are kept. shared/db implements it. */
export interface ApiKeyReads {
  /** The key record for a presented key's hash, or undefined. */
  byHash(hash: string): Promise<ApiKeyRecord | undefined>;
}
