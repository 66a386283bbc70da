import { yearReplacing } from '../../shared/db/stores/year-ports.ts';
import { updateYear } from '../../shared/financial-years/change-year.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as financialYearsRoutes from '../../shared/routes/financial-years.ts';

export const handler = writeEndpoint(financialYearsRoutes.update, (r) => updateYear(yearReplacing, r.uow, r.params.companyId, r.params.id, r.body));
