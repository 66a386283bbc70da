import { apiKeyRevoking } from '../../shared/db/stores/api-key-ports.ts';
import { revokeApiKey } from '../../shared/api-keys/api-keys.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as apiKeysRoutes from '../../shared/routes/api-keys.ts';

export const handler = writeEndpoint(apiKeysRoutes.revoke, (r) => revokeApiKey(apiKeyRevoking, r.uow, r.params.companyId, r.params.id, r.body.version));
