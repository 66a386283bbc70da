import type { Permission } from '../auth/permissions.ts';
import { missingPermissions } from '../auth/permissions.ts';
import { Forbidden } from '../errors.ts';
import type { ImportCounts, ImportKind, ImportMode, ImportStatus } from './records.ts';

/**
 * Import rules, pure: what an import may write for whom, and how a job ends.
 *
 * Who may import: `imports:manage`, plus the permissions of what the import writes, the same
 * a caller needs to write it one record at a time (`attaches`: its journals name files uploaded
 * to the company, which puts them on the journals, as `attachments:create` allows).
 */
export function permissionsToWrite(kind: ImportKind, post: boolean, attaches = false): Permission[] {
  return [...writing(kind, post), ...(attaches ? (['attachments:create'] as const) : [])];
}

function writing(kind: ImportKind, post: boolean): Permission[] {
  switch (kind) {
    case 'accounts':
      return ['accounts:create'];
    case 'costCenters':
      return ['cost-centers:create'];
    case 'openingBalances':
      return ['journals:create', 'journals:post'];
    case 'journals':
      return post ? ['journals:create', 'journals:post'] : ['journals:create'];
    case 'budgetLines':
      return ['budgets:manage'];
    case 'bankStatements':
      return ['bank:reconcile'];
    case 'counterparties':
      return ['counterparties:manage'];
    case 'safT':
      // Every part of the file: the chart, cost centers, counterparties, and opening balances (always posted) and journals.
      return ['accounts:create', 'cost-centers:create', 'counterparties:manage', 'journals:create', 'journals:post'];
  }
}

/** Errors: Forbidden naming the permissions the caller lacks. */
export function checkMayImport(kind: ImportKind, post: boolean, granted: readonly string[], attaches = false): void {
  const missing = missingPermissions(granted, permissionsToWrite(kind, post, attaches));
  if (missing.length > 0) throw new Forbidden(`Importing ${kind}${post ? ' posted' : ''} also needs ${missing.join(', ')}, as writing them one by one would.`);
}

/**
 * How a job ends: succeeded when no row was invalid and nothing failed while writing;
 * partiallySucceeded when rows were written (a dry run: would be) or found written already and
 * others were not; failed when none was (an atomic import with any invalid row writes nothing).
 */
export function finalStatus(job: { mode: ImportMode; dryRun: boolean }, counts: ImportCounts, failedWrites: number): ImportStatus {
  if (counts.invalid === 0 && failedWrites === 0) return 'succeeded';
  if (job.mode === 'atomic' && counts.invalid > 0) return 'failed';
  const done = job.dryRun ? counts.valid : counts.written + counts.skippedDuplicates;
  return done > 0 ? 'partiallySucceeded' : 'failed';
}
