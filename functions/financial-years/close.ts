import { closeYear } from '../../shared/financial-years/close-year.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';

export const handler = endpoint(routes.financialYears.close, (r) =>
  closeYear(r.uow, r.params.companyId, r.params.id, r.body.version),
);
