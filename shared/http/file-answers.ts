import type { BulkRuns } from '../bulk-runs.ts';
import type { FileBody } from '../exports/file-body.ts';
import * as answers from '../exports/answer.ts';
import type { Language, ReportTable } from '../exports/table.ts';

/**
 * The answers of the endpoints that may answer a file (exports/answer.ts), handed the company's
 * export slots and bulk read budget (db/table/run-slots.ts), which load with a request's first
 * file: only the exporting functions import this, so no other function's bundle reaches them.
 */
const bulkRuns: BulkRuns = { run: async (...work) => (await import('../db/table/run-slots.ts')).bulkRuns.run(...work) };

type Request<R> = Omit<R, 'bulkRuns'>;

/** answers.answer: a report as JSON, or rendered as the file the request asks for. Errors: NotAcceptable, TooManyExports, ExportTooLarge, and the errors of the report it computes. */
export const answer = <T>(request: Request<answers.ExportRequest>, compute: () => Promise<T>, table: () => Promise<(report: T, language: Language) => ReportTable>): Promise<T | FileBody> =>
  answers.answer({ ...request, bulkRuns }, compute, table);

/** answers.answerWhole: a paginated read as JSON one page at a time, or exported whole. Errors: NotAcceptable, TooManyExports, and the errors of the read it pages or exports whole. */
export const answerWhole = <T>(request: Request<answers.ExportRequest>, page: () => Promise<T>, whole: (choice: answers.FileChoice) => Promise<FileBody>): Promise<T | FileBody> =>
  answers.answerWhole({ ...request, bulkRuns }, page, whole);

/** answers.answerFileOnly: a CSV or XML file and nothing else. Errors: NotAcceptable, TooManyExports, and the errors of the file it writes. */
export const answerFileOnly = <F extends 'csv' | 'xml'>(request: Request<answers.FileOnlyRequest>, format: F, write: (choice: answers.FileChoice<F>) => Promise<FileBody>): Promise<FileBody> =>
  answers.answerFileOnly({ ...request, bulkRuns }, format, write);
