import { NotFound, StateConflict } from '../errors.ts';
import { checkMayMakeJournals } from './journal-permissions.ts';
import { matchView } from './match-view.ts';
import { journalView } from '../journals/views.ts';
import type { LineJournalView } from './views.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { linkedDraft, madeJournalOf } from './made-journal.ts';
import type { StatementLineRecord } from './records.ts';
import type { StatementLineJournalInput } from './schemas.ts';
import type { LineJournaling } from './store.ts';


/**
 * A statement line with no journal yet (a bank charge, interest, a transfer) made a journal: the
 * bank account's line of the line's amount and the other side on the account named, dated the
 * line's booking date, its description the line's unless given. The line is linked to the journal
 * in the journal's own write (JournalCreated), so no two requests make one each. With `post`, the
 * journal is then posted on the booking date (JournalPosted) and matched with the line, as the
 * request's own write (its event: the journal and the match).
 *
 * Each step is decided by what the line and its journal are, so the request sent again (after a
 * timeout, a crash, an approval the policy asked) goes on where it stopped: a linked draft is
 * posted, a linked posted journal matched, a line matched with its journal answered as it stands.
 * A linked journal since voided or discarded is replaced.
 * Errors: Forbidden (journals:create, and journals:post to post), NotFound (the bank account, the
 * statement line, the account or cost center), ValidationError (CategoryAccount, AccountCurrency,
 * InactiveCostCenter, NoExchangeRate, naming `accountId` or `costCenterId`; MatchUnbalanced: its
 * draft edited to another amount), StateConflict (AlreadyMatched, Conflict, YearClosed, and in
 * posting PeriodNotOpen, ApprovalRequired, InvalidState, PostingInProgress).
 */
export async function journalFromLine(port: LineJournaling, uow: UnitOfWork, companyId: string, accountId: string, permissions: readonly string[], input: StatementLineJournalInput): Promise<LineJournalView> {
  checkMayMakeJournals(permissions, input.post, 'A statement line made a journal');
  const { bankReference } = input;
  const bank = (await port.bankAccount(companyId, accountId)) ?? NotFound.throw('The bank account');
  const [line] = await port.lines(companyId, accountId, [bankReference]);
  if (!line) throw new NotFound('The statement line', 'bankReference');
  if (line.matchId) return done(port, companyId, line);

  const made = await madeJournalOf(port, companyId, line);
  // A draft asked for again: answered as it stands, nothing written.
  if (made && !input.post) return { journal: journalView(made), match: null };
  const journal = made ?? (await linkedDraft(port, uow, companyId, bank, line, { amount: line.amount, accountId: input.accountId, costCenterId: input.costCenterId, description: input.description, fields: '' }));
  if (!input.post) return uow.commit([], { journal: journalView(journal), match: null });

  // Posting and matching load on the path that posts (the draft alone is the default).
  return (await import('./line-journal-post.ts')).postedAndMatched(port, uow, companyId, bank, line, journal);
}

/**
 * A line matched already: when with the journal made from it, the work of an earlier request,
 * answered as it stands (no write, no event), so the request is safe to send again.
 */
async function done(port: LineJournaling, companyId: string, line: StatementLineRecord): Promise<LineJournalView> {
  const match = await port.match(companyId, line.accountId, line.matchId!);
  const journal = line.journalId ? await port.journal(companyId, line.journalId) : undefined;
  if (!match || !journal || !match.ledgerLines.some((l) => l.journalId === journal.id)) {
    throw new StateConflict('AlreadyMatched', `Statement line ${line.bankReference} is matched already (match ${line.matchId}) with journals of the books: it needs no journal made.`, 'bankReference');
  }
  return { journal: journalView(journal), match: matchView(match) };
}
