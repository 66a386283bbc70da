import { NotFound } from '../errors.ts';
import type { ListQuery, Page, PageQuery } from '../schemas/list-query.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { ImportReads } from './store.ts';
import { importView, type ImportView } from './views.ts';

/** Errors: NotFound. */
export async function getImport(imports: ImportReads, companyId: string, importId: string): Promise<ImportView> {
  return importView((await imports.job(companyId, importId)) ?? NotFound.throw('The import'));
}

/** The company's imports, newest first unless orderAsc. Errors: ValidationError (InvalidCursor). */
export async function listImports(imports: ImportReads, companyId: string, query: ListQuery): Promise<Page<ImportView>> {
  const page = await imports.jobs(companyId, query);
  return { ...page, results: page.results.map(importView) };
}

/** Every error of the job's report, in the order found, a page at a time. Errors: NotFound. */
export async function listImportErrors(imports: ImportReads, companyId: string, importId: string, query: PageQuery): Promise<Page<ResponseOf<'ImportErrorResponse'>>> {
  if (!(await imports.job(companyId, importId))) throw new NotFound('The import');
  return imports.errors(companyId, importId, query);
}
