import { AppError, Forbidden } from '../errors.ts';
import { missingPermissions, type Permission } from '../auth/permissions.ts';
import { writtenRecordEvent } from '../events/event-record.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { ProposedMatch } from './auto-match.ts';
import { differenceMatch } from './difference-match.ts';
import { postedMade } from './made-journal-posting.ts';
import { linkedDraft, madeJournalOf } from './made-journal.ts';
import { checkedMatch, checkedSides, takenMeanwhile } from './match-sides.ts';
import { matchView } from './match-view.ts';
import type { MatchRecord } from './records.ts';
import type { AutoMatching, BankAccountFacts } from './store.ts';

/**
 * The proposals of automatic matching that post a journal, written one by one (auto-matching.ts
 * loads this on the path that writes one): a match within a tolerance with its difference posted
 * (difference-match.ts), and a text rule's journal made from its statement line (made-journal.ts),
 * posted and matched, or left a draft linked to the line, as the rule says.
 */

/** Refuses, before anything is written, a caller who may not make (and post) the journals these proposals make. Errors: Forbidden. */
export function checkMayMake(permissions: readonly string[], proposals: readonly ProposedMatch[]): void {
  const posts = proposals.some((p) => p.difference || p.journal?.post);
  const needed: Permission[] = posts ? ['journals:create', 'journals:post'] : ['journals:create'];
  const missing = missingPermissions(permissions, needed);
  if (missing.length > 0) throw new Forbidden(`The bank account's rules would ${posts ? 'post' : 'make'} journals (a difference within a tolerance, a statement line's journal), which needs the permission ${missing.join(' and ')}; your role (or API key) lacks it. Call with dryRun to see them.`);
}

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
      const journal = await postedMade(port, uow, companyId, made, line.bookingDate);
      const bankLine = Math.max(journal.entries.findIndex((e) => e.accountId === accountId), 0);
      match = { ...(await checkedMatch(port, companyId, accountId, bank, { statementLines: [line.bankReference], ledgerLines: [{ journalId: journal.id, line: bankLine }] }, uow.actor!)), rule: proposed.rule, reason: proposed.reason };
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
