import { ValidationError } from '../errors.ts';
import type { ImportJob, RowError } from './records.ts';
import type { SourceRow } from './read-rows.ts';
import type { ImportPlan } from './run-import.ts';

export async function planJournalImport(job: ImportJob, _companyId: string, _rows: SourceRow[], _readErrors: RowError[]): Promise<ImportPlan> {
  throw ValidationError.field('kind', `${job.kind} imports are not written yet`);
}
