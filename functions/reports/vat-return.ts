import { vatReturnReads } from '../../shared/db/stores/report-ports.ts';
import { answer } from '../../shared/http/file-answers.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as reportsRoutes from '../../shared/routes/reports.ts';
import { vatReturn } from '../../shared/reports/vat-return.ts';

export const handler = readEndpoint(reportsRoutes.vatReturn, (r) => answer(r, () => vatReturn(vatReturnReads, r.params.companyId, r.query), async () => (await import('../../shared/exports/tables/vat-return.ts')).vatReturnTable));
