import { getCompany } from '../../shared/companies/read-companies.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';

export const handler = endpoint(routes.companies.get, (r) => getCompany(r.params.companyId));
