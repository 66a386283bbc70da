import { getCompany } from '../../shared/companies/read-companies.ts';
import { endpoint } from '../../shared/http/endpoint.ts';

export const handler = endpoint('companies.get', (r) => getCompany(r.params.companyId!));
