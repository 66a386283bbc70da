import { CreateApiKeyBody, ListApiKeysQuery, RevokeApiKeyBody } from '../api-keys/schemas.ts';
import { area, company } from './route.ts';

/** The apiKeys rows of the route table (shared/routes.ts). */
export const apiKeysRoutes = area('apiKeys', {
  create: { methods: ['POST'], path: `${company}/ApiKeys`, handler: 'functions/api-keys/create.ts', access: 'api-keys:manage', event: 'ApiKeyCreated', body: CreateApiKeyBody, response: 'CreatedApiKeyResponse', summary: 'Create an API key (the full key is returned once)', tag: 'API keys' },
  list: { methods: ['GET'], path: `${company}/ApiKeys`, handler: 'functions/api-keys/list.ts', access: 'api-keys:manage', query: ListApiKeysQuery, response: { page: 'ApiKeyResponse' }, summary: 'List API keys (prefix only, never the key)', tag: 'API keys' },
  revoke: { methods: ['DELETE'], path: `${company}/ApiKeys/{id}`, handler: 'functions/api-keys/revoke.ts', access: 'api-keys:manage', event: 'ApiKeyRevoked', body: RevokeApiKeyBody, response: 'ApiKeyResponse', errors: ['409 Conflict', '409 InvalidState'], summary: 'Revoke an API key (versioned)', tag: 'API keys' },
});
