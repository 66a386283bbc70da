import { listCompanies } from '../../shared/companies/read-companies.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { userOf } from '../../shared/http/principal-of.ts';

export const handler = endpoint(routes.companies.list, (r) => listCompanies(userOf(r).userId, r.query));
