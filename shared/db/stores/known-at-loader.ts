import type { KnownAtReads } from '../../audit/store.ts';

/** The reads of the books as known at a moment (known-at-ports.ts), loaded by the reports that take that rare path only. */
export const loadKnownAtReads = async (): Promise<KnownAtReads> => (await import('./known-at-ports.ts')).knownAtReads;
