import { taxDetailReads } from '../../shared/db/stores/tax-detail-ports.ts';
import { readEndpoint } from '../../shared/http/read-endpoint.ts';
import * as reportsRoutes from '../../shared/routes/reports.ts';
import { taxDetail } from '../../shared/reports/tax-detail.ts';

export const handler = readEndpoint(reportsRoutes.taxDetail, (r) => taxDetail(taxDetailReads, r.params.companyId, r.query));
