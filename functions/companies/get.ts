import { companyReads } from '../../shared/db/stores/company-ports.ts';
import { getCompany } from '../../shared/companies/read-companies.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as companiesRoutes from '../../shared/routes/companies.ts';

export const handler = endpoint(companiesRoutes.get, (r) => getCompany(companyReads, r.params.companyId));
