import { CreateApiKeyBody, ListApiKeysQuery, RevokeApiKeyBody } from '../api-keys/schemas.ts';
import { route, company } from './route.ts';

/**
 * The apiKeys rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as apiKeysRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const create = /* @__PURE__ */ route('apiKeys.create', () => ({ methods: ['POST'], path: `${company}/ApiKeys`, handler: 'functions/api-keys/create.ts', access: 'api-keys:manage', event: 'ApiKeyCreated', body: CreateApiKeyBody, response: 'CreatedApiKeyResponse', summary: 'Create an API key (the full key is returned once)', tag: 'API keys' }));
export const list = /* @__PURE__ */ route('apiKeys.list', () => ({ methods: ['GET'], path: `${company}/ApiKeys`, handler: 'functions/api-keys/list.ts', access: 'api-keys:manage', query: ListApiKeysQuery, response: { page: 'ApiKeyResponse' }, summary: 'List API keys (prefix only, never the key)', tag: 'API keys' }));
export const revoke = /* @__PURE__ */ route('apiKeys.revoke', () => ({ methods: ['DELETE'], path: `${company}/ApiKeys/{id}`, handler: 'functions/api-keys/revoke.ts', access: 'api-keys:manage', event: 'ApiKeyRevoked', body: RevokeApiKeyBody, response: 'ApiKeyResponse', errors: ['409 Conflict', '409 InvalidState'], summary: 'Revoke an API key (versioned)', tag: 'API keys' }));

/** Every apiKeys row by action, for the route table. */
export const apiKeysRoutes = { create, list, revoke };
