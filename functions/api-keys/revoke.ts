import { revokeApiKey } from '../../shared/api-keys/api-keys.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';

export const handler = endpoint(routes.apiKeys.revoke, (r) => revokeApiKey(r.uow, r.params.companyId, r.params.id, r.body.version));
