import { randomUUID } from 'node:crypto';
import { NotFound, StateConflict, ValidationError, VersionConflict } from '../errors.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { BankAccountFacts, Matching } from './store.ts';
import type { MatchRecord } from './records.ts';
import { bankAmount, sum } from './rules.ts';
import type { CreateMatchInput } from './schemas.ts';
import { matchView, type MatchView } from './match-view.ts';

/**
 * Manual matches: statement lines and ledger lines of a bank account whose amounts agree
 * exactly, matched as one item; and undoing one. A statement line is held by one match at most,
 * a ledger line claimed by one match at most, both enforced by the match's own transaction, so
 * two matchers at once cannot both take a line. docs/decisions.md, "Bank reconciliation".
 */

export async function mustBank(books: Pick<Matching, 'bankAccount'>, companyId: string, accountId: string): Promise<BankAccountFacts> {
  return (await books.bankAccount(companyId, accountId)) ?? NotFound.throw('The bank account');
}

/**
 * Errors: NotFound (the bank account; a statement line or journal, naming it), ValidationError
 * (NotBankLine, MatchUnbalanced), StateConflict (AlreadyMatched).
 */
export async function createMatch(books: Matching, uow: UnitOfWork, companyId: string, accountId: string, input: CreateMatchInput): Promise<MatchView> {
  const match = await checkedMatch(books, companyId, accountId, await mustBank(books, companyId, accountId), input, uow.actor!);
  return uow.commit(books.matchChanges(match, takenMeanwhile), matchView(match));
}

export const takenMeanwhile = () => new StateConflict('AlreadyMatched', 'Another match took one of these lines meanwhile: read the statement lines again.');

/**
 * The match of these lines, checked: each statement line there and held by no match, each ledger
 * line a posted line of the bank account, the two sides adding to the same amount.
 * Errors: those of createMatch but the bank account's.
 */
export async function checkedMatch(books: Pick<Matching, 'lines' | 'journals'>, companyId: string, accountId: string, bank: BankAccountFacts, input: CreateMatchInput, actor: MatchRecord['matchedBy']): Promise<MatchRecord> {
  const [lines, journals] = await Promise.all([books.lines(companyId, accountId, input.statementLines), books.journals(companyId, [...new Set(input.ledgerLines.map((l) => l.journalId))])]);
  const lineOf = new Map(lines.map((l) => [l.bankReference, l]));
  input.statementLines.forEach((reference, i) => {
    const line = lineOf.get(reference);
    if (!line) throw new NotFound('The statement line', `statementLines[${i}]`);
    if (line.matchId) throw new StateConflict('AlreadyMatched', `Statement line ${reference} is matched already (match ${line.matchId}): unmatch it first.`, `statementLines[${i}]`);
  });
  const journalOf = new Map(journals.map((j) => [j.id, j]));
  const ledgerLines = input.ledgerLines.map((ref, i) => {
    const journal = journalOf.get(ref.journalId) ?? NotFound.throw('The journal', `ledgerLines[${i}].journalId`);
    const entry = journal.entries[ref.line];
    // Posted, or reversed (its lines stay in the ledger beside the reversing journal's).
    if (!entry || entry.accountId !== accountId || !journal.postingDate || !['posted', 'reversed'].includes(journal.status)) {
      throw ValidationError.field(`ledgerLines[${i}].line`, `is not a posted line of the bank account: journal ${ref.journalId} ${!entry ? `has no line ${ref.line}` : entry.accountId !== accountId ? `line ${ref.line} is on another account` : `is ${journal.status}`}`, 'NotBankLine');
    }
    return { ...ref, amount: bankAmount(entry, bank), postingDate: journal.postingDate };
  });
  const statementTotal = sum(input.statementLines.map((r) => lineOf.get(r)!.amount));
  const ledgerTotal = sum(ledgerLines.map((l) => l.amount));
  if (!statementTotal.eq(ledgerTotal)) {
    throw ValidationError.field('ledgerLines', `add to ${ledgerTotal.toFixed(bank.precision)} while the statement lines add to ${statementTotal.toFixed(bank.precision)}: a difference of ${statementTotal.minus(ledgerTotal).toFixed(bank.precision)}; a match's two sides agree exactly`, 'MatchUnbalanced');
  }
  return {
    companyId,
    accountId,
    matchId: randomUUID(),
    statementLines: input.statementLines,
    ledgerLines,
    amount: statementTotal.toFixed(bank.precision),
    rule: 'manual',
    reason: 'matched by hand',
    matchedBy: actor,
    matchedAt: new Date().toISOString(),
    version: 1,
  };
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
