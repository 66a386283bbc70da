import { revokeApiKey } from '../../shared/api-keys/api-keys.ts';
import { endpoint } from '../../shared/http/endpoint.ts';

export const handler = endpoint<{ version: number }>('apiKeys.revoke', (r) => revokeApiKey(r.uow, r.params.companyId!, r.params.id!, r.body.version));
