import { createYear } from '../../shared/financial-years/create-year.ts';
import type { CreateYearInput } from '../../shared/financial-years/schemas.ts';
import { endpoint } from '../../shared/http/endpoint.ts';

export const handler = endpoint<CreateYearInput>('financialYears.create', (r) => createYear(r.uow, r.params.companyId!, r.body));
