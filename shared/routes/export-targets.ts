import { createExportBody } from '../exports/jobs/schemas.ts';
import { lazy } from '../schemas/lazy.ts';
import { journalsRoutes } from './journals.ts';
import { reportsRoutes } from './reports.ts';
import { pathParameters, type Route } from './route.ts';

/**
 * The rows an export job may run (`POST .../Exports`, `route`): the exportable rows whose path
 * takes the company alone, so the job's parameters are the route's query. Every such row is in
 * the journals' and the reports' areas (test/http/exports/export-jobs.test.ts holds this to the
 * route table); a stored report and a reconciliation are small files a request answers.
 */
export const exportTargets = /* @__PURE__ */ lazy(
  () => new Map<string, Route>([...Object.values(journalsRoutes), ...Object.values(reportsRoutes)].filter((r: Route) => r.exportable && pathParameters(r.path).join() === 'companyId').map((r) => [r.name, r])),
);

/** `POST .../Exports`'s body, its `route` one of the targets' names. */
export const CreateExportBody = /* @__PURE__ */ lazy(() => createExportBody([...exportTargets().keys()] as [string, ...string[]]));
