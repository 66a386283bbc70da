import { closeYear } from '../../shared/financial-years/close-year.ts';
import { endpoint } from '../../shared/http/endpoint.ts';

export const handler = endpoint<{ version: number }>('financialYears.close', (r) =>
  closeYear(r.uow, r.params.companyId!, r.params.id!, r.body.version),
);
