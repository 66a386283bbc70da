import { filledNotAsTold } from '../journals/authors-from-history.ts';
import { authorsInHistory, type JournalVersionReads } from '../journals/history-authors.ts';
import type { JournalRecord } from '../journals/records.ts';
import { firstBreak, type Break } from './chain-walk.ts';
import { recordName } from './record-rules.ts';

/** Histories read at once. */
const AT_ONCE = 25;

/**
 * Journals whose who-did-what was filled from their history after their events
 * (journals/fill-authors.ts): their events' digests leave those fields out (record-state.ts), so
 * each must be what that history tells now, as the filling read it. Only journals that carry the
 * marker are read; `sequence` is the walked event a break is reported at.
 */
export async function checkFilledAuthors(reads: JournalVersionReads, companyId: string, journals: ReadonlyArray<{ journal: JournalRecord; sequence: number }>): Promise<Break | undefined> {
  const marked = journals.filter(({ journal }) => journal.authorsFromHistory !== undefined);
  let broken: Break | undefined;
  for (let i = 0; i < marked.length; i += AT_ONCE) {
    const found = await Promise.all(
      marked.slice(i, i + AT_ONCE).map(async ({ journal, sequence }): Promise<Break | undefined> => {
        const differing = filledNotAsTold(journal, await authorsInHistory(reads, companyId, journal));
        if (differing.length === 0) return undefined;
        return { sequence, reason: `${recordName('journal', journal.id)}'s ${differing.join(', ')}, filled from its history, ${differing.length === 1 ? 'is' : 'are'} not what its history tells: it was changed outside the service` };
      }),
    );
    for (const b of found) broken = firstBreak(broken, b);
  }
  return broken;
}
