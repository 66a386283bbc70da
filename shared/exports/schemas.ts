import * as z from '../schemas/zod.ts';
import { lazy } from '../schemas/lazy.ts';
import { BooleanText } from '../schemas/list-query.ts';
import { EXPORT_FORMATS, LANGUAGES } from './formats.ts';

/**
 * The query parameters of every exportable endpoint: `format` (json, csv or xlsx; left out,
 * the Accept header decides), `language` (en or ar: the names and headers of a file; a
 * JSON answer carries both names and ignores it) and `hijri` (true or false, default false:
 * the Umm al-Qura dates beside the Gregorian ones, in a file's date columns and range headers
 * and in a report's JSON as `hijri`; hijri.ts).
 */
export const exportParameters = () => ({
  format: z.optional(z.enum(EXPORT_FORMATS)),
  language: z._default(z.enum(LANGUAGES), 'en'),
  hijri: z._default(BooleanText(), false),
});

/** The query of an endpoint that takes nothing but the export parameters (a stored report). */
export const ExportQuery = /* @__PURE__ */ lazy(() => z.strictObject(exportParameters()));
export type ExportInput = z.output<ReturnType<typeof ExportQuery>>;
