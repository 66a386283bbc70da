import { companyReads } from '../../shared/db/stores/company-ports.ts';
import { getCompany } from '../../shared/companies/read-companies.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as companiesRoutes from '../../shared/routes/companies.ts';

export const handler = readEndpoint(companiesRoutes.get, (r) => getCompany(companyReads, r.params.companyId));
