import type { ApiKeyCreating, ApiKeyList, ApiKeyRevoking } from '../../api-keys/store.ts';
import { apiKeysPage, createApiKeyOps, getApiKeyById, revokeApiKeyOp } from './api-key-store.ts';

/** The API keys' ports (api-keys/store.ts), one per use case: the key under its hash, a pointer from its id. */
export const apiKeyCreating: ApiKeyCreating = { createChanges: createApiKeyOps };

export const apiKeyRevoking: ApiKeyRevoking = { get: getApiKeyById, revokeChange: revokeApiKeyOp };

export const apiKeyList: ApiKeyList = { page: apiKeysPage };
