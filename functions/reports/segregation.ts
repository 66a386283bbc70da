import { segregationReads } from '../../shared/db/stores/segregation-ports.ts';
import { answer } from '../../shared/http/file-answers.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as reportsRoutes from '../../shared/routes/reports.ts';
import { segregation } from '../../shared/reports/segregation.ts';

export const handler = readEndpoint(reportsRoutes.segregation, (r) => answer(r, () => segregation(segregationReads, r.params.companyId, r.query), async () => (await import('../../shared/exports/tables/segregation.ts')).segregationTable));
