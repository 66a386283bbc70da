import { listCompanies } from '../../shared/companies/read-companies.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { userOf } from '../../shared/http/principal-of.ts';
import type { ListQuery } from '../../shared/schemas/list-query.ts';

export const handler = endpoint<unknown, ListQuery<'JoinedAt'>>('companies.list', (r) => listCompanies(userOf(r).userId, r.query));
