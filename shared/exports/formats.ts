import { AppError } from '../errors.ts';
import type { Language } from './table.ts';

/**
 * Which format an endpoint answers in, pure: `format` in the query when given, otherwise the best
 * of the Accept header's media types (quality values honoured, `*\/*` meaning the first format
 * offered, `application/*` and `text/*` the first offered of that type); no Accept header means
 * the first offered. An Accept header naming none offered is 406 naming `Accept`. An exportable
 * endpoint offers JSON, CSV and XLSX; a file-only one its own (the FTA audit file CSV, the SAF-T
 * export XML, which `text/xml` names too).
 */
export const EXPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** What an endpoint may answer: an exportable one's formats, or XML (the SAF-T export). */
export type AnswerFormat = ExportFormat | 'xml';
export const LANGUAGES = ['en', 'ar'] as const satisfies readonly Language[];

export const MEDIA_TYPES: Record<AnswerFormat, string> = {
  json: 'application/json',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xml: 'application/xml',
};

/** What an export request asked for: the format and the language of names and headers. */
export interface ExportChoice {
  format: ExportFormat;
  language: Language;
}

/** The format of each media type; built by a function, as esbuild keeps a top-level table with computed keys in every bundle that imports this module. */
const byMediaType = (): Record<string, AnswerFormat> => ({
  [MEDIA_TYPES.json]: 'json',
  [MEDIA_TYPES.csv]: 'csv',
  [MEDIA_TYPES.xlsx]: 'xlsx',
  [MEDIA_TYPES.xml]: 'xml',
  'text/xml': 'xml',
});

/** 406: the Accept header names no format the endpoint answers (`offered`: the exportable three unless it answers fewer). */
export class NotAcceptable extends AppError {
  constructor(offered: readonly AnswerFormat[] = EXPORT_FORMATS) {
    const types = offered.map((f) => MEDIA_TYPES[f]).join(', ');
    super(406, [{ name: 'Accept', reason: `must accept ${types}${offered.length === EXPORT_FORMATS.length ? ' (or give format=json|csv|xlsx)' : ''}`, code: 'NotAcceptable' }]);
  }
}

/** Errors: NotAcceptable. */
export function chooseFormat<F extends AnswerFormat = ExportFormat>(format: F | undefined, accept: string | undefined, offered: readonly [F, ...F[]] = EXPORT_FORMATS as unknown as readonly [F, ...F[]]): F {
  if (format) return format;
  if (!accept || accept.trim() === '') return offered[0];
  const known = byMediaType();
  const offers = accept
    .split(',')
    .map((part, order) => {
      const [type = '', ...parameters] = part.split(';').map((p) => p.trim().toLowerCase());
      const q = parameters.find((p) => p.startsWith('q='));
      return { format: offeredFor(type, offered, known), quality: q ? Number(q.slice(2)) : 1, order };
    })
    .filter((o): o is { format: F; quality: number; order: number } => o.format !== undefined && o.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return offers[0]?.format ?? (() => { throw new NotAcceptable(offered); })();
}

/** The offered format a media type (or a wildcard) names, if any. */
function offeredFor<F extends AnswerFormat>(type: string, offered: readonly F[], known: Record<string, AnswerFormat>): F | undefined {
  if (type === '*/*') return offered[0];
  if (type.endsWith('/*')) return offered.find((f) => MEDIA_TYPES[f].startsWith(type.slice(0, -1)));
  return offered.find((f) => f === known[type]);
}
