import { apiKeyList } from '../../shared/db/stores/api-key-ports.ts';
import { listApiKeys } from '../../shared/api-keys/api-keys.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as apiKeysRoutes from '../../shared/routes/api-keys.ts';

export const handler = readEndpoint(apiKeysRoutes.list, (r) => listApiKeys(apiKeyList, r.params.companyId, r.query));
