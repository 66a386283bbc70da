import { apiKeyCreating } from '../../shared/db/stores/api-key-ports.ts';
import { roleReads } from '../../shared/db/stores/role-ports.ts';
import { createApiKey } from '../../shared/api-keys/api-keys.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as apiKeysRoutes from '../../shared/routes/api-keys.ts';

export const handler = writeEndpoint(apiKeysRoutes.create, (r) =>
  createApiKey(apiKeyCreating, roleReads, r.uow, r.params.companyId, r.principal, r.permissions ?? [], r.body),
);
