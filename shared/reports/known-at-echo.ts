/**
 * The `knownAt` a report was asked as known at, as its answer echoes it: the instant in UTC to
 * the millisecond (the precision the books keep: audit/known-at.ts), so an answer says which
 * moment its figures stand at; null for the books of now.
 */
export const knownAtEcho = (knownAt: string | undefined): string | null => (knownAt === undefined ? null : new Date(knownAt).toISOString());
