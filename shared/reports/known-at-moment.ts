import type { Moment } from './steady-books.ts';
import type { KnownAtLoading } from './store.ts';
import type { EventType } from '../events/event-types.ts';

/**
 * A steady read as the books stood at `knownAt` (audit/known-at.ts, with `whole`: every change
 * to take back one by one, for the general ledger's rows), or undefined for the books as they
 * stand; `alsoTypes`, events besides the books' whose numbering meanwhile reads it again (a
 * bank reconciliation's matches). As known at a moment is a rare read: its module loads on that
 * path only, and only the reports that take `knownAt` reach it (docs/decisions.md, Bundling).
 */
export function knownAtMoment(books: KnownAtLoading, companyId: string, knownAt: string | undefined, { whole = false, alsoTypes = [] }: { whole?: boolean; alsoTypes?: readonly EventType[] } = {}): Moment | undefined {
  if (knownAt === undefined) return undefined;
  const load = () => Promise.all([import('../audit/known-at.ts'), books.knownAtReads()] as const);
  return {
    known: async () => {
      const [moment, reads] = await load();
      return moment.booksKnownAt(reads, companyId, knownAt, { whole });
    },
    changedSince: async (known) => {
      const [moment, reads] = await load();
      return moment.changedSince(reads, companyId, known, alsoTypes);
    },
  };
}
