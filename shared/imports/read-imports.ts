import { errorsPage, getJob, jobsPage } from '../db/stores/import-store.ts';
import { NotFound } from '../errors.ts';
import type { ListQuery, Page, PageQuery } from '../schemas/list-query.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import { importView, type ImportView } from './views.ts';

/** Errors: NotFound. */
export async function getImport(companyId: string, importId: string): Promise<ImportView> {
  return importView((await getJob(companyId, importId)) ?? NotFound.throw('The import'));
}

/** The company's imports, newest first unless orderAsc. Errors: ValidationError (InvalidCursor). */
export async function listImports(companyId: string, query: ListQuery): Promise<Page<ImportView>> {
  const page = await jobsPage(companyId, query);
  return { ...page, results: page.results.map(importView) };
}

/** Every error of the job's report, in the order found, a page at a time. Errors: NotFound. */
export async function listImportErrors(companyId: string, importId: string, query: PageQuery): Promise<Page<ResponseOf<'ImportErrorResponse'>>> {
  if (!(await getJob(companyId, importId))) throw new NotFound('The import');
  return errorsPage(companyId, importId, query);
}
