import { createCompany } from '../../shared/companies/create-company.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';
import { userOf } from '../../shared/http/principal-of.ts';

export const handler = endpoint(routes.companies.create, (r) => createCompany(r.uow, userOf(r), r.body));
