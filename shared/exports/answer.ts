import type { BulkRuns } from '../bulk-runs.ts';
import type { FileBody } from './file-body.ts';
import { chooseFormat, type ExportFormat } from './formats.ts';
import type { ExportLimits } from './limits.ts';
import type { FileFormat, FileOutput } from './render.ts';
import type { Language, ReportTable } from './table.ts';

/** What an exportable endpoint's request carries: the export parameters and the Accept header. */
export interface ExportRequest {
  params: { companyId: string };
  query: { format?: ExportFormat | undefined; language: Language; hijri: boolean };
  accept?: string | undefined;
  /** The caller's permissions in the company: what a file may name beyond the JSON's ids (names-shown.ts). */
  permissions?: readonly string[] | undefined;
  /** The company's export slots and the bulk read budget a file is written within. */
  bulkRuns: BulkRuns;
  /** Set by an export job's worker, which runs the route for its file: where the file goes, within which limits and read budget. */
  fileJob?: FileJob | undefined;
}

/**
 * An export job's file written by the route's own code (exports/jobs/run-export.ts): into the job's
 * output rather than the response, within the job's limits, its reads at the job's pace (`run`),
 * holding none of the company's export slots (a company's jobs run one at a time).
 */
export interface FileJob {
  limits: ExportLimits;
  output: FileOutput;
  run<T>(work: () => Promise<T>): Promise<T>;
}

/** A file export's format and language, whether it shows Hijri dates, and the limits it must fit. */
export interface FileChoice<F extends FileFormat | 'xml' = FileFormat> {
  format: F;
  language: Language;
  hijri: boolean;
  limits: ExportLimits;
  /** The caller's permissions in the company. */
  permissions: readonly string[];
  /** Where the file is written, when not into the response (an export job's object). */
  output?: FileOutput | undefined;
}

/**
 * A report computed once, then answered as JSON or rendered as the file the request asked for
 * (format, else Accept). The format is chosen before anything is read, so a request the
 * endpoint cannot answer costs nothing. `table` loads the report's table builder with
 * `import()`: only a file needs it, so a JSON answer never loads it (docs/decisions.md, Bundling).
 * Errors: NotAcceptable, TooManyExports, ExportTooLarge, and the errors of the report it computes.
 */
export async function answer<T>(request: ExportRequest, compute: () => Promise<T>, table: () => Promise<(report: T, language: Language) => ReportTable>): Promise<T | FileBody> {
  return answerWhole(request, compute, async (choice) => {
    const [toTable, { renderFile }] = await Promise.all([table(), import('./render.ts')]);
    return renderFile(toTable(await compute(), choice.language), choice);
  });
}

/**
 * A paginated read answered as JSON one page at a time, or exported whole (the general ledger,
 * the journal list) by `whole`, which streams its rows into the file within the limits, holding one
 * of the company's export slots. With `hijri`, a JSON answer carries its dates' Hijri form beside
 * them (hijri.ts: an answer without dates of its own is unchanged), and a file its Hijri columns (render.ts).
 * Errors: NotAcceptable, TooManyExports, and the errors of the read it pages or exports whole.
 */
export async function answerWhole<T>(request: ExportRequest, page: () => Promise<T>, whole: (choice: FileChoice) => Promise<FileBody>): Promise<T | FileBody> {
  const { format: asked, language, hijri } = request.query;
  const format = chooseFormat(asked, request.accept);
  // The Hijri dates load with the first request asking for them, not with every JSON answer.
  if (format === 'json') return hijri ? (await import('./hijri.ts')).withHijriFields(await page()) : page();
  return inFileRun(request, { format, language, hijri }, whole);
}

/** What a file-only endpoint's request carries: an exportable one's, without the export parameters. */
export type FileOnlyRequest = Omit<ExportRequest, 'query'>;

/**
 * A file and nothing else (a route marked `fileOnly`: the FTA audit file's CSV, the SAF-T
 * export's XML), written within the limits, holding one of the company's export slots. The
 * Accept header is honoured as far as it goes: none, `*\/*` and the format's own media types are
 * answered; one that takes none of them is 406 before anything is read.
 * Errors: NotAcceptable, TooManyExports, and the errors of the file it writes.
 */
export async function answerFileOnly<F extends 'csv' | 'xml'>(request: FileOnlyRequest, format: F, write: (choice: FileChoice<F>) => Promise<FileBody>): Promise<FileBody> {
  chooseFormat<F>(undefined, request.accept, [format]);
  return inFileRun(request, { format, language: 'en', hijri: false }, write);
}

async function inFileRun<F extends FileFormat | 'xml'>(request: FileOnlyRequest, file: Pick<FileChoice<F>, 'format' | 'language' | 'hijri'>, write: (choice: FileChoice<F>) => Promise<FileBody>): Promise<FileBody> {
  const permissions = request.permissions ?? [];
  const job = request.fileJob;
  if (job) return job.run(() => write({ ...file, limits: job.limits, permissions, output: job.output }));
  // A file is the rarer answer: its export slots and limits load on that path only, as its writers do.
  const [{ inExportRun }, { apiExportLimits }] = await Promise.all([import('./export-runs.ts'), import('./limits.ts')]);
  return inExportRun(request.bulkRuns, request.params.companyId, () => write({ ...file, limits: apiExportLimits(request.params.companyId), permissions }));
}
