import { createApiKey } from '../../shared/api-keys/api-keys.ts';
import type { CreateApiKeyInput } from '../../shared/api-keys/schemas.ts';
import { endpoint } from '../../shared/http/endpoint.ts';

export const handler = endpoint<CreateApiKeyInput>('apiKeys.create', (r) =>
  createApiKey(r.uow, r.params.companyId!, r.principal, r.permissions ?? [], r.body),
);
