import { NotFound, VersionConflict } from '../errors.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { BankAccountFacts, Matching } from './store.ts';
import { checkedSides, matchOf, takenMeanwhile } from './match-sides.ts';
import { checkMayMakeJournals } from './journal-permissions.ts';
import type { CreateMatchInput } from './schemas.ts';
import { matchView, type MatchView } from './match-view.ts';

/**
 * Manual matches: statement lines and ledger lines of a bank account whose amounts agree
 * exactly, matched as one item; and undoing one. A statement line is held by one match at most,
 * a ledger line claimed by one match at most, both enforced by the match's own transaction, so
 * two matchers at once cannot both take a line. docs/decisions.md, "Bank reconciliation".
 */

async function mustBank(books: Pick<Matching, 'bankAccount'>, companyId: string, accountId: string): Promise<BankAccountFacts> {
  return (await books.bankAccount(companyId, accountId)) ?? NotFound.throw('The bank account');
}

/**
 * Errors: Forbidden (journals:create and journals:post, to post a difference), NotFound (the bank
 * account; a statement line or journal, naming it), ValidationError (NotBankLine,
 * MatchUnbalanced), StateConflict (AlreadyMatched); with a difference, posting it can refuse
 * too: ValidationError (CategoryAccount, AccountCurrency, InactiveCostCenter naming
 * `difference.accountId` or `difference.costCenterId`), StateConflict (PeriodNotOpen,
 * ApprovalRequired, YearClosed).
 */
export async function createMatch(books: Matching, uow: UnitOfWork, companyId: string, accountId: string, permissions: readonly string[], input: CreateMatchInput): Promise<MatchView> {
  const bank = await mustBank(books, companyId, accountId);
  const sides = await checkedSides(books, companyId, accountId, bank, input);
  const differs = !sides.statementTotal.eq(sides.ledgerTotal);
  // Posting a difference loads on the path that posts one.
  if (differs && input.difference) {
    checkMayMakeJournals(permissions, true, 'A match of sides that differ');
    const { differenceMatch } = await import('./difference-match.ts');
    const match = await differenceMatch(await books.journaling(), uow, { companyId, accountId, bank }, sides, input, input.difference);
    return uow.commit(books.matchChanges(match, takenMeanwhile), matchView(match));
  }
  const match = matchOf(sides, companyId, accountId, bank, input, uow.actor!);
  return uow.commit(books.matchChanges(match, takenMeanwhile), matchView(match));
}

/** Errors: NotFound. */
export async function readMatch(books: Pick<Matching, 'bankAccount' | 'match'>, companyId: string, accountId: string, matchId: string): Promise<MatchView> {
  await mustBank(books, companyId, accountId);
  return matchView((await books.match(companyId, accountId, matchId)) ?? NotFound.throw('The match'));
}

/** Undoes a match at its version: its lines unmatched again. Errors: NotFound, VersionConflict. */
export async function deleteMatch(books: Matching, uow: UnitOfWork, companyId: string, accountId: string, matchId: string, version: number): Promise<MatchView> {
  await mustBank(books, companyId, accountId);
  const match = (await books.match(companyId, accountId, matchId)) ?? NotFound.throw('The match');
  if (match.version !== version) throw new VersionConflict();
  return uow.commit(books.unmatchChanges(match), matchView({ ...match, version: match.version + 1 }));
}
