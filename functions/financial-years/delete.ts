import { yearDeleting } from '../../shared/db/stores/year-ports.ts';
import { deleteYear } from '../../shared/financial-years/change-year.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as financialYearsRoutes from '../../shared/routes/financial-years.ts';

export const handler = writeEndpoint(financialYearsRoutes.delete, (r) =>
  deleteYear(yearDeleting, r.uow, r.params.companyId, r.params.id, r.body.version),
);
