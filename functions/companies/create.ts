import { createCompany } from '../../shared/companies/create-company.ts';
import type { CreateCompanyInput } from '../../shared/companies/schemas.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { userOf } from '../../shared/http/principal-of.ts';

export const handler = endpoint<CreateCompanyInput>('companies.create', (r) => createCompany(r.uow, userOf(r), r.body));
