import { createApiKey } from '../../shared/api-keys/api-keys.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';

export const handler = endpoint(routes.apiKeys.create, (r) =>
  createApiKey(r.uow, r.params.companyId, r.principal, r.permissions ?? [], r.body),
);
