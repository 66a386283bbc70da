import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { Change } from '../unit-of-work.ts';
import type { ApiKeyRecord } from './records.ts';

/**
 * What the API key use cases (api-keys.ts) need of the place keys are kept, one port per use
 * case so a handler carries only what it uses; shared/db implements them.
 */

/** A new key, findable by its hash from then on. */
export interface ApiKeyCreating {
  createChanges(record: ApiKeyRecord): Change[];
}

export interface ApiKeyRevoking {
  /** The company's key with this id, or undefined. */
  get(companyId: string, keyId: string): Promise<ApiKeyRecord | undefined>;
  /** At the version read. Errors at commit: VersionConflict. */
  revokeChange(record: ApiKeyRecord, revokedAt: string): Change;
}

export interface ApiKeyList {
  /** A page of the company's keys by creation (revoked ones too); `keyword` (empty for none) matches the name. */
  page(companyId: string, query: ListQuery, keyword: string): Promise<Page<ApiKeyRecord>>;
}
