import { randomUUID } from 'node:crypto';
import { NotFound, StateConflict, ValidationError } from '../errors.ts';
import type { MatchRecord } from './records.ts';
import { bankAmount, sum } from './rules.ts';
import type { CreateMatchInput } from './schemas.ts';
import type { BankAccountFacts, Matching } from './store.ts';

/**
 * A match's two sides as read and checked, and the match of them (manual matches, the journals
 * made from statement lines, the differences posted: matches.ts, line-journal-post.ts,
 * difference-match.ts).
 */

export const takenMeanwhile = () => new StateConflict('AlreadyMatched', 'Another match took one of these lines meanwhile: read the statement lines again.');

export type Sides = Awaited<ReturnType<typeof checkedSides>>;

/**
 * The two sides of a match, checked: each statement line there and held by no match, each ledger
 * line a posted line of the bank account; with their totals.
 */
export async function checkedSides(books: Pick<Matching, 'lines' | 'journals'>, companyId: string, accountId: string, bank: BankAccountFacts, input: Pick<CreateMatchInput, 'statementLines' | 'ledgerLines'>) {
  const [lines, journals] = await Promise.all([books.lines(companyId, accountId, input.statementLines), books.journals(companyId, [...new Set(input.ledgerLines.map((l) => l.journalId))])]);
  const lineOf = new Map(lines.map((l) => [l.bankReference, l]));
  const statementLines = input.statementLines.map((reference, i) => {
    const line = lineOf.get(reference) ?? NotFound.throw('The statement line', `statementLines[${i}]`);
    if (line.matchId) throw new StateConflict('AlreadyMatched', `Statement line ${reference} is matched already (match ${line.matchId}): unmatch it first.`, `statementLines[${i}]`);
    return line;
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
  return { statementLines, ledgerLines, statementTotal: sum(statementLines.map((l) => l.amount)), ledgerTotal: sum(ledgerLines.map((l) => l.amount)) };
}

/** The match of the checked sides, which must agree exactly. Errors: ValidationError (MatchUnbalanced naming `ledgerLines`). */
export function matchOf(sides: Sides, companyId: string, accountId: string, bank: BankAccountFacts, input: Pick<CreateMatchInput, 'statementLines'>, actor: MatchRecord['matchedBy']): MatchRecord {
  const { statementTotal, ledgerTotal } = sides;
  if (!statementTotal.eq(ledgerTotal)) {
    throw ValidationError.field('ledgerLines', `add to ${ledgerTotal.toFixed(bank.precision)} while the statement lines add to ${statementTotal.toFixed(bank.precision)}: a difference of ${statementTotal.minus(ledgerTotal).toFixed(bank.precision)}; a match's two sides agree exactly (or name the account for the difference: difference.accountId)`, 'MatchUnbalanced');
  }
  return {
    companyId,
    accountId,
    matchId: randomUUID(),
    statementLines: input.statementLines,
    ledgerLines: sides.ledgerLines,
    amount: statementTotal.toFixed(bank.precision),
    rule: 'manual',
    reason: 'matched by hand',
    matchedBy: actor,
    matchedAt: new Date().toISOString(),
    version: 1,
  };
}

/**
 * The match of these lines, checked: each statement line there and held by no match, each ledger
 * line a posted line of the bank account, the two sides adding to the same amount.
 * Errors: those of createMatch but the bank account's and a difference's.
 */
export async function checkedMatch(books: Pick<Matching, 'lines' | 'journals'>, companyId: string, accountId: string, bank: BankAccountFacts, input: Pick<CreateMatchInput, 'statementLines' | 'ledgerLines'>, actor: MatchRecord['matchedBy']): Promise<MatchRecord> {
  return matchOf(await checkedSides(books, companyId, accountId, bank, input), companyId, accountId, bank, input, actor);
}

