import { apiKeyRevoking } from '../../shared/db/stores/api-key-ports.ts';
import { revokeApiKey } from '../../shared/api-keys/api-keys.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as apiKeysRoutes from '../../shared/routes/api-keys.ts';

export const handler = endpoint(apiKeysRoutes.revoke, (r) => revokeApiKey(apiKeyRevoking, r.uow, r.params.companyId, r.params.id, r.body.version));
