import { ValidationError } from '../errors.ts';
import type { Break } from './chain-walk.ts';
import type { VerifyAuditInput } from './schemas.ts';
import type { PageBinding } from '../schemas/list-query.ts';
import type { CursorSigning } from './store.ts';

/** What every request of a paged Verify run carries: the run's id (its touched pairs are kept under it), its first number, the events checked so far. */
interface RunSoFar {
  run: string;
  from: number;
  checked: number;
}

/** A run walking its events: the next number to walk. */
export interface WalkResume extends RunSoFar {
  next: number;
}

/**
 * A run that walked its events and checks the balances of the pairs they posted into: after
 * which pair (null: none yet), and the first break found so far; `yields` when that break is a
 * ledger entry's, which a balance at the same number comes before (as within one pair).
 */
export interface BalancesResume extends RunSoFar {
  after: string | null;
  broken: (Break & { yields: boolean }) | null;
}

/** How far a run's step over source documents' files went (verify-attachments.ts): after which attachment (null: none yet), files checked, problems found. */
export interface FilesProgress {
  after: string | null;
  checked: number;
  found: number;
}

/** A run that checked its balances and checks its source documents' files (verify-attachments.ts): how far (null: not started), and the break found before. */
export interface FilesResume extends RunSoFar {
  broken: (Break & { yields: boolean }) | null;
  files: FilesProgress | null;
}

/**
 * Where a paged Verify run resumes (`page`, from the previous answer's `nextPage`). Signed and
 * bound to the company and the query's range (store.ts, CursorSigning), so it cannot be forged or moved to
 * another run; it carries no hash: the resume reads the stored event before `next`.
 */
export type VerifyResume = WalkResume | BalancesResume | FilesResume;

const binding = (companyId: string, query: VerifyAuditInput): PageBinding => ({
  companyId,
  endpoint: 'audit.verify',
  orderBy: 'Sequence',
  orderAsc: true,
  filters: { fromSequence: query.fromSequence ?? null, toSequence: query.toSequence ?? null },
});

export const encodeVerifyResume = (cursors: CursorSigning, companyId: string, query: VerifyAuditInput, resume: VerifyResume) => cursors.signCursor(binding(companyId, query), { ...resume });

const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
const text = (s: unknown): s is string => typeof s === 'string' && s.length > 0;

/** Errors: ValidationError (InvalidCursor: altered, or given for another company or range). */
export async function decodeVerifyResume(cursors: CursorSigning, companyId: string, query: VerifyAuditInput & { page: string }): Promise<VerifyResume> {
  const k = await cursors.readCursor(binding(companyId, query), query.page);
  const invalid = ValidationError.field('page', 'is not a valid cursor for this list; start again without it', 'InvalidCursor');
  // Signed by this service, so well formed; a cursor of an older shape is refused all the same.
  if (!text(k.run) || !whole(k.from) || !whole(k.checked)) throw invalid;
  const run = { run: k.run, from: k.from, checked: k.checked };
  if ('next' in k) {
    if (!whole(k.next) || k.next <= k.from) throw invalid;
    return { ...run, next: k.next };
  }
  const broken = k.broken as Record<string, unknown> | null | undefined;
  if (broken === undefined) throw invalid;
  if (broken !== null && (!whole(broken.sequence) || !text(broken.reason) || typeof broken.yields !== 'boolean')) throw invalid;
  const brokenSoFar = broken === null ? null : { sequence: broken.sequence as number, reason: broken.reason as string, yields: broken.yields as boolean };
  if ('files' in k) {
    const files = k.files as FilesProgress;
    if (!whole(files?.checked) || !whole(files.found)) throw invalid;
    return { ...run, broken: brokenSoFar, files };
  }
  if (!(k.after === null || text(k.after))) throw invalid;
  return { ...run, after: k.after, broken: brokenSoFar };
}
