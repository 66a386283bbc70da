import { companyList } from '../../shared/db/stores/company-ports.ts';
import { listCompanies } from '../../shared/companies/read-companies.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as companiesRoutes from '../../shared/routes/companies.ts';
import { userOf } from '../../shared/http/principal-of.ts';

export const handler = readEndpoint(companiesRoutes.list, (r) => listCompanies(companyList, userOf(r).userId, r.query));
