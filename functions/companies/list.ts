import { companyList } from '../../shared/db/stores/company-ports.ts';
import { listCompanies } from '../../shared/companies/read-companies.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as companiesRoutes from '../../shared/routes/companies.ts';
import { userOf } from '../../shared/http/principal-of.ts';

export const handler = endpoint(companiesRoutes.list, (r) => listCompanies(companyList, userOf(r).userId, r.query));
