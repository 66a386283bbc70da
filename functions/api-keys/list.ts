import { listApiKeys } from '../../shared/api-keys/api-keys.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import type { ListQuery } from '../../shared/schemas/list-query.ts';

export const handler = endpoint<unknown, ListQuery<'CreatedAt'>>('apiKeys.list', (r) => listApiKeys(r.params.companyId!, r.query));
