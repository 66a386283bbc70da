import { createApiKey } from '../../shared/api-keys/api-keys.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as apiKeysRoutes from '../../shared/routes/api-keys.ts';

export const handler = endpoint(apiKeysRoutes.create, (r) =>
  createApiKey(r.uow, r.params.companyId, r.principal, r.permissions ?? [], r.body),
);
