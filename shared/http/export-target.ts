import { ValidationError } from '../errors.ts';
import type { ExportTarget } from '../exports/jobs/create-export.ts';
import { parameterField, parametersAsText } from '../exports/jobs/rules.ts';
import type { CreateExportInput } from '../exports/jobs/schemas.ts';
import { exportTargets, jobFormats } from '../routes/export-targets.ts';
import { PARSE_REPORTING_INPUT, zodIssuesToErrors } from './field-path.ts';

/**
 * The route an export job runs, its parameters checked as that route checks its query string
 * (its own schema), so a job is refused at once for what a GET of the route would refuse before
 * reading anything, and for a format the route is not written in; what the route refuses as it
 * reads (a range with no financial year, an account not found) fails the job with the reason. A
 * file takes no cursor and its format is the body's own.
 * Errors: ValidationError naming `format` or `parameters.<field>`.
 */
export function exportTarget(body: CreateExportInput): ExportTarget {
  const row = exportTargets().get(body.route);
  if (!row?.query || typeof row.access !== 'string' || row.access === 'public' || row.access === 'user') throw ValidationError.field('route', 'is not a route an export job runs');
  const formats = jobFormats(row);
  if (!formats.includes(body.format)) throw ValidationError.field('format', `must be ${formats.join(' or ')}: the formats ${row.name} is written in`);
  const parameters = parametersAsText(body.parameters);
  for (const name of ['format', 'page'] as const) {
    if (name in parameters) throw ValidationError.field(parameterField(name), name === 'format' ? 'is given as the body’s format, not as a parameter' : 'is not taken by an export job, which holds the whole range');
  }
  const parsed = row.query().safeParse(parameters, PARSE_REPORTING_INPUT);
  if (!parsed.success) throw new ValidationError(zodIssuesToErrors(parsed.error.issues, 'parameters').map((e) => ({ ...e, name: parameterField(e.name) })));
  return { route: row.name, access: row.access, format: body.format, parameters };
}
