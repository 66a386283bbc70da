import { decodeCursor, encodeCursor, type CursorBinding } from '../db/cursor.ts';
import { ValidationError } from '../errors.ts';
import type { VerifyAuditInput } from './schemas.ts';

/**
 * Where a paged Verify run resumes (`page`, from the previous answer's `nextPage`): the next
 * sequence to walk, where the run started and how many events it checked so far. Signed and
 * bound to the company and the query's range (db/cursor.ts), so it cannot be forged or moved to
 * another run; it carries no hash: the resume reads the stored event before `next`.
 */
export interface VerifyResume {
  next: number;
  from: number;
  checked: number;
}

const binding = (companyId: string, query: VerifyAuditInput): CursorBinding => ({
  companyId,
  endpoint: 'audit.verify',
  orderBy: 'Sequence',
  orderAsc: true,
  filters: { fromSequence: query.fromSequence ?? null, toSequence: query.toSequence ?? null },
});

export const encodeVerifyResume = (companyId: string, query: VerifyAuditInput, resume: VerifyResume) => encodeCursor(binding(companyId, query), { ...resume });

/** Errors: ValidationError (InvalidCursor: altered, or given for another company or range). */
export async function decodeVerifyResume(companyId: string, query: VerifyAuditInput & { page: string }): Promise<VerifyResume> {
  const { next, from, checked } = await decodeCursor(binding(companyId, query), query.page);
  const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  // Signed by this service, so well formed; a cursor of an older shape is refused all the same.
  if (!whole(next) || !whole(from) || !whole(checked) || next <= from) throw ValidationError.field('page', 'is not a valid cursor for this list; start again without it', 'InvalidCursor');
  return { next, from, checked };
}
