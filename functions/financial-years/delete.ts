import { deleteYear } from '../../shared/financial-years/change-year.ts';
import { endpoint } from '../../shared/http/endpoint.ts';

export const handler = endpoint<{ version: number }>('financialYears.delete', (r) =>
  deleteYear(r.uow, r.params.companyId!, r.params.id!, r.body.version),
);
