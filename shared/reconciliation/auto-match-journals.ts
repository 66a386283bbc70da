import { AppError } from '../errors.ts';
import { writtenRecordEvent } from '../events/event-record.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { ProposedMatch } from './auto-match.ts';
import { differenceMatch } from './difference-match.ts';
import { linkedDraft, madeJournalOf } from './made-journal.ts';
import { checkedSides, takenMeanwhile } from './match-sides.ts';
import { postedWithMatch } from './line-journal-post.ts';
import { matchView } from './match-view.ts';
import type { MatchRecord } from './records.ts';
import type { AutoMatching, BankAccountFacts } from './store.ts';

/**
 * The proposals of automatic matching that post a journal, written one by one (auto-matching.ts
 * loads this on the path that writes one): a match within a tolerance with its difference posted
 * (difference-match.ts), and a text rule's journal made from its statement line (made-journal.ts),
 * posted and matched, or left a draft linked to the line, as the rule says.
 */

type At = { companyId: string; accountId: string; bank: BankAccountFacts };

/**
 * One proposal written with its journal: the match (with its BankMatchCreated event) once its
 * journal is posted, and the journal made. Undefined, and so counted skipped, when another request
 * took a line meanwhile (a 409, as writeAll skips a match) or the books refuse it now (a 400: a
 * line's draft edited to another amount, a period closed since): the other proposals still go on.
 */
export async function writtenWithJournal(books: AutoMatching, uow: UnitOfWork, at: At, proposed: MatchRecord, proposal: ProposedMatch): Promise<{ match?: MatchRecord; journal?: { id: string; status: string } } | undefined> {
  const port = await books.journaling();
  const { companyId, accountId, bank } = at;
  try {
    let match: MatchRecord;
    if (proposal.journal) {
      const line = proposal.statementLines[0]!;
      const made = (await madeJournalOf(port, companyId, line)) ?? (await linkedDraft(port, uow, companyId, bank, line, { amount: line.amount, accountId: proposal.journal.accountId, fields: '' }));
      if (!proposal.journal.post) return { journal: { id: made.id, status: made.status } };
      ({ match } = await postedWithMatch(port, uow, companyId, bank, line, made, () => ({ rule: proposed.rule, reason: proposed.reason })));
    } else {
      const input = { statementLines: proposed.statementLines, ledgerLines: proposed.ledgerLines.map(({ journalId, line }) => ({ journalId, line })) };
      const sides = await checkedSides(port, companyId, accountId, bank, input);
      match = await differenceMatch(port, uow, at, sides, input, { accountId: proposal.difference!.accountId }, { rule: proposed.rule, reason: proposed.reason });
    }
    const event = writtenRecordEvent('BankMatchCreated', companyId, uow.actor, matchView(match), new Date(match.matchedAt));
    await books.commit([...books.matchChanges(match, takenMeanwhile), books.eventChange(event)]);
    const journalId = match.difference?.journalId ?? match.ledgerLines.at(-1)!.journalId;
    return { match, ...(proposal.journal ? { journal: { id: journalId, status: 'posted' } } : {}) };
  } catch (error) {
    if (error instanceof AppError && (error.status === 409 || error.status === 400)) return undefined;
    throw error;
  }
}
