import type { EventNumbering } from '../events/store.ts';
import { numberPending } from '../events/numbering-rules.ts';
import { authorsToFill, type AuthoredJournal, type Authors } from './authors-from-history.ts';
import { authorsInHistory, type JournalVersionReads } from './history-authors.ts';

/** What the filling reads and writes (shared/db/migrations/journal-authors.ts keeps it). */
export interface AuthorFilling extends EventNumbering, JournalVersionReads {
  /** The company's journals lacking `createdBy` and never filled, a page of the table at a time (strongly consistent). */
  journalsLackingAuthors(companyId: string): AsyncIterable<AuthoredJournal>;
  /** The journal as it stands now (strongly consistent), or undefined when it is gone. */
  journalAuthors(companyId: string, journalId: string): Promise<AuthoredJournal | undefined>;
  /**
   * Sets the fields and marks them filled from history, unless the journal moved from the
   * version read or holds any of them already: then false, and nothing is written.
   */
  fillAuthors(companyId: string, journal: AuthoredJournal, fill: Authors): Promise<boolean>;
}

export interface FillReport {
  /** Journals that lacked who-did-what. */
  lacking: number;
  /** Of those, the ones given at least one field. */
  filled: number;
  /** Changed on every attempt: the next run fills them. */
  changing: number;
}

/** Attempts at a journal that keeps changing between its read and its write. */
const ATTEMPTS = 3;

/**
 * Fills who-did-what of the company's journals written before the service kept it, from their
 * history (docs/decisions.md, Journals, "Who did what"; authors-from-history.ts): only fields a
 * journal lacks, each write conditional on the journal's version (a change meanwhile: read it
 * and its history again). Leaves the version, `updatedAt` and the events alone: nothing about
 * the journal changed but what is known of it. Idempotent; safe while the company is in use.
 */
export async function fillJournalAuthors(books: AuthorFilling, companyId: string): Promise<FillReport> {
  // Every change committed before the run is in the history first.
  while ((await numberPending(books, companyId)) > 0);
  const report: FillReport = { lacking: 0, filled: 0, changing: 0 };
  for await (const found of books.journalsLackingAuthors(companyId)) {
    report.lacking++;
    const outcome = await fillOne(books, companyId, found);
    if (outcome === 'filled') report.filled++;
    if (outcome === 'changing') report.changing++;
  }
  return report;
}

/** One journal: `nothing` when its history tells nothing it lacks, or it was written or filled meanwhile. */
async function fillOne(books: AuthorFilling, companyId: string, found: AuthoredJournal): Promise<'filled' | 'nothing' | 'changing'> {
  let journal: AuthoredJournal | undefined = found;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (!journal || journal.createdBy !== undefined || journal.authorsFromHistory !== undefined) return 'nothing';
    const fill = authorsToFill(journal, await authorsInHistory(books, companyId, journal));
    if (Object.keys(fill).length === 0) return 'nothing';
    if (await books.fillAuthors(companyId, journal, fill)) return 'filled';
    // Changed since read: its new version's event, numbered, is in its history.
    await numberPending(books, companyId);
    journal = await books.journalAuthors(companyId, journal.id);
  }
  return 'changing';
}
