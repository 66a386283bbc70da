import * as z from '../schemas/zod.ts';
import { lazy } from '../schemas/lazy.ts';
import { EXPORT_FORMATS, LANGUAGES } from './formats.ts';

/**
 * The query parameters of every exportable endpoint: `format` (json, csv or xlsx; left out,
 * the Accept header decides) and `language` (en or ar: the names and headers of a file; a
 * JSON answer carries both names and ignores it).
 */
export const exportParameters = () => ({
  format: z.optional(z.enum(EXPORT_FORMATS)),
  language: z._default(z.enum(LANGUAGES), 'en'),
});

/** The query of an endpoint that takes nothing but the export parameters (a stored report). */
export const ExportQuery = /* @__PURE__ */ lazy(() => z.strictObject(exportParameters()));
export type ExportInput = z.output<ReturnType<typeof ExportQuery>>;
