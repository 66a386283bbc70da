import { deleteYear } from '../../shared/financial-years/change-year.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';

export const handler = endpoint(routes.financialYears.delete, (r) =>
  deleteYear(r.uow, r.params.companyId, r.params.id, r.body.version),
);
