import * as z from '../../schemas/zod.ts';
import { described } from '../../schemas/described.ts';
import { listQuery } from '../../schemas/list-query.ts';
import { EXPORT_JOB_FORMATS } from './records.ts';

/** A query parameter's value as a body gives it: text, or a number or boolean written as the query string would write it. */
const ParameterValue = () => z.union([z.string(), z.number(), z.boolean()], { error: 'must be text, a number or a boolean, as the route takes it in its query string' });

/**
 * `POST .../Exports`, given the names of the routes an export job may run (shared/routes/export-targets.ts):
 * which route's file, in which format, with which of the route's query parameters (checked
 * against that route's own query schema, http/export-target.ts).
 */
export const createExportBody = (routes: readonly [string, ...string[]]) =>
  z.strictObject({
    route: described(z.enum(routes), 'The exportable route whose file to write, by its name in the route table (the OpenAPI operationId): journals.list, reports.generalLedger, reports.trialBalance, ..., auditFiles.safT'),
    format: described(z.enum(EXPORT_JOB_FORMATS), 'csv or xlsx for a report or the journal list; xml for the SAF-T file (auditFiles.safT), which is XML only.'),
    parameters: described(
      z._default(z.record(z.string(), ParameterValue()), {}),
      'The query parameters that route takes (dateFrom, dateTo, accountId, language, hijri, ...), checked as that route checks them; an error names parameters.<field>. Not format (given above) nor page (a file holds the whole range).',
    ),
  });
export type CreateExportInput = z.output<ReturnType<typeof createExportBody>>;

/** The caller's export jobs, newest first by default; the keyword matches the route's name. */
export const ListExportsQuery = listQuery(['CreatedAt'], 'CreatedAt');
