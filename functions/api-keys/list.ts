import { listApiKeys } from '../../shared/api-keys/api-keys.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';

export const handler = endpoint(routes.apiKeys.list, (r) => listApiKeys(r.params.companyId, r.query));
