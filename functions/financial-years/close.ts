import { yearClosing } from '../../shared/db/stores/year-closing-ports.ts';
import { closeYear } from '../../shared/financial-years/close-year.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as financialYearsRoutes from '../../shared/routes/financial-years.ts';

export const handler = endpoint(financialYearsRoutes.close, (r) =>
  closeYear(yearClosing, r.uow, r.params.companyId, r.params.id, r.body.version),
);
