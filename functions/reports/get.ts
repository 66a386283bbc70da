import { answer } from '../../shared/exports/answer.ts';
import { snapshotTable } from '../../shared/exports/tables/snapshot.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as reportsRoutes from '../../shared/routes/reports.ts';
import { getReportSnapshot } from '../../shared/reports/snapshots.ts';

export const handler = endpoint(reportsRoutes.get, (r) => answer(r, () => getReportSnapshot(r.params.companyId, r.params.id), snapshotTable));
