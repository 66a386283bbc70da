import { companyCreating } from '../../shared/db/stores/company-ports.ts';
import { createCompany } from '../../shared/companies/create-company.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as companiesRoutes from '../../shared/routes/companies.ts';
import { userOf } from '../../shared/http/principal-of.ts';

export const handler = endpoint(companiesRoutes.create, (r) => createCompany(companyCreating, r.uow, userOf(r), r.body));
