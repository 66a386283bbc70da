import { endpoint } from '../../shared/http/endpoint.ts';
import { reportsRoutes } from '../../shared/routes/reports.ts';
import { generalLedger } from '../../shared/reports/general-ledger.ts';

export const handler = endpoint(reportsRoutes.generalLedger, (r) => generalLedger(r.params.companyId, r.query));
