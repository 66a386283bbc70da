import { AppError } from '../errors.ts';
import type { Language } from './table.ts';

/**
 * Which format an exportable endpoint answers in, pure: `format` in the query when given,
 * otherwise the best of the Accept header's media types (quality values honoured, `*\/*` and
 * `application/*` meaning JSON, `text/*` CSV); no Accept header means JSON. An Accept header
 * naming none of the three is 406 naming `Accept`. An endpoint answering fewer formats (the FTA
 * audit file: CSV alone) offers those: no Accept header and `*\/*` then mean the first offered.
 */
export const EXPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const LANGUAGES = ['en', 'ar'] as const satisfies readonly Language[];

export const MEDIA_TYPES: Record<ExportFormat, string> = {
  json: 'application/json',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** What a request asked for: the format and the language of names and headers. */
export interface ExportChoice {
  format: ExportFormat;
  language: Language;
}

/** The format of each media type; built by a function, as esbuild keeps a top-level table with computed keys in every bundle that imports this module. */
const byMediaType = (): Record<string, ExportFormat> => ({
  [MEDIA_TYPES.json]: 'json',
  [MEDIA_TYPES.csv]: 'csv',
  [MEDIA_TYPES.xlsx]: 'xlsx',
  '*/*': 'json',
  'application/*': 'json',
  'text/*': 'csv',
});

/** 406: the Accept header names no format the endpoint answers (`offered`: all three unless it answers fewer). */
export class NotAcceptable extends AppError {
  constructor(offered: readonly ExportFormat[] = EXPORT_FORMATS) {
    const types = offered.map((f) => MEDIA_TYPES[f]).join(', ');
    super(406, [{ name: 'Accept', reason: `must accept ${types}${offered.length === EXPORT_FORMATS.length ? ' (or give format=json|csv|xlsx)' : ''}`, code: 'NotAcceptable' }]);
  }
}

/** Errors: NotAcceptable. */
export function chooseFormat(format: ExportFormat | undefined, accept: string | undefined, offered: readonly [ExportFormat, ...ExportFormat[]] = EXPORT_FORMATS): ExportFormat {
  if (format) return format;
  if (!accept || accept.trim() === '') return offered[0];
  const known = byMediaType();
  const offers = accept
    .split(',')
    .map((part, order) => {
      const [type = '', ...parameters] = part.split(';').map((p) => p.trim().toLowerCase());
      const q = parameters.find((p) => p.startsWith('q='));
      return { format: type === '*/*' ? offered[0] : known[type], quality: q ? Number(q.slice(2)) : 1, order };
    })
    .filter((o): o is { format: ExportFormat; quality: number; order: number } => o.format !== undefined && offered.includes(o.format) && o.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return offers[0]?.format ?? (() => { throw new NotAcceptable(offered); })();
}
