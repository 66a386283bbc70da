import { authorsFromHistory, authorsOfReversal, type AuthoredJournal, type Authors, type KeptVersion } from './authors-from-history.ts';

/** The history a journal's authors are read from (shared/db/stores/history-store.ts keeps it). */
export interface JournalVersionReads {
  /** A journal's kept versions without their states, oldest first (strongly consistent). */
  journalVersions(companyId: string, journalId: string): Promise<KeptVersion[]>;
}

/**
 * What a journal's history tells of who did what to it: its own versions, or, for a reversing
 * journal (which has none), its original's Reverse. The filling (fill-authors.ts) and Verify's
 * check of filled fields (audit/filled-authors-audit.ts) read it alike.
 */
export async function authorsInHistory(reads: JournalVersionReads, companyId: string, journal: AuthoredJournal): Promise<Authors> {
  const own = await reads.journalVersions(companyId, journal.id);
  if (own.length > 0 || !journal.reversalOf) return authorsFromHistory(own, journal.version);
  return authorsOfReversal(await reads.journalVersions(companyId, journal.reversalOf));
}
