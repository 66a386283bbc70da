import type { ExportJobFormat } from '../exports/jobs/records.ts';
import { createExportBody } from '../exports/jobs/schemas.ts';
import { lazy } from '../schemas/lazy.ts';
import { auditFilesRoutes } from './audit-files.ts';
import { journalsRoutes } from './journals.ts';
import { reportsRoutes } from './reports.ts';
import { pathParameters, type Route } from './route.ts';

/**
 * The formats an export job writes a row's file in: an exportable row's CSV and XLSX, an XML-only
 * row's XML (the SAF-T export); none for the rest (the FTA audit file, CSV only, is a request's
 * file alone).
 */
export function jobFormats(row: Pick<Route, 'exportable' | 'fileOnly'>): readonly ExportJobFormat[] {
  if (row.exportable) return ['csv', 'xlsx'];
  return row.fileOnly === 'xml' ? ['xml'] : [];
}

/**
 * The rows an export job may run (`POST .../Exports`, `route`): the rows an export job writes a
 * format of (jobFormats) whose path takes the company alone, so the job's parameters are the
 * route's query. Every such row is in the journals', the reports' and the audit files' areas
 * (test/http/exports/export-jobs.test.ts holds this to the route table); a stored report and a
 * reconciliation are small files a request answers.
 */
export const exportTargets = /* @__PURE__ */ lazy(
  () =>
    new Map<string, Route>(
      [...Object.values(journalsRoutes), ...Object.values(reportsRoutes), ...Object.values(auditFilesRoutes)]
        .filter((r: Route) => jobFormats(r).length > 0 && pathParameters(r.path).join() === 'companyId')
        .map((r) => [r.name, r]),
    ),
);

/** `POST .../Exports`'s body, its `route` one of the targets' names. */
export const CreateExportBody = /* @__PURE__ */ lazy(() => createExportBody([...exportTargets().keys()] as [string, ...string[]]));
