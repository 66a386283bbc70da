import type { ApiKeyCreating, ApiKeyList, ApiKeyRevoking } from '../../api-keys/store.ts';
import type { ApiKeyReads } from '../../auth/store.ts';
import { apiKeysPage, createApiKeyOps, getApiKeyByHash, getApiKeyById, revokeApiKeyOp } from './api-key-store.ts';

/** The API keys' ports (api-keys/store.ts), one per use case: the key under its hash, a pointer from its id. */
export const apiKeyCreating: ApiKeyCreating = { createChanges: createApiKeyOps };

export const apiKeyRevoking: ApiKeyRevoking = { get: getApiKeyById, revokeChange: revokeApiKeyOp };

export const apiKeyList: ApiKeyList = { page: apiKeysPage };

/** Authentication's reads (auth/store.ts): one read of the key under its hash. */
export const apiKeyReads: ApiKeyReads = { byHash: getApiKeyByHash };
