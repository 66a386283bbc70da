import { updateYear } from '../../shared/financial-years/change-year.ts';
import type { UpdateYearInput } from '../../shared/financial-years/schemas.ts';
import { endpoint } from '../../shared/http/endpoint.ts';

export const handler = endpoint<UpdateYearInput>('financialYears.update', (r) => updateYear(r.uow, r.params.companyId!, r.params.id!, r.body));
