import type { UnitOfWork } from '../unit-of-work.ts';
import { postedMade } from './made-journal-posting.ts';
import { linkedDraft, madeJournalOf, type MadeJournal } from './made-journal.ts';
import { checkedMatch, type Sides } from './match-sides.ts';
import type { MatchRecord } from './records.ts';
import type { CreateMatchInput } from './schemas.ts';
import type { BankAccountFacts, LineJournaling } from './store.ts';

/**
 * A match whose sides differ, made whole by a journal of the difference: the bank account's line
 * of the statement lines' total less the ledger lines', the other side on the difference's
 * account, made from the first statement line (linked to it, so a request sent again goes on
 * with it: made-journal.ts), posted on its booking date, and matched with the rest; the match
 * names it (`difference`). Answered unwritten: the caller commits it. Errors: those of making and
 * posting the journal (naming `difference.<field>`), those of checkedMatch.
 */
export async function differenceMatch(
  port: LineJournaling,
  uow: UnitOfWork,
  at: { companyId: string; accountId: string; bank: BankAccountFacts },
  sides: Sides,
  input: Pick<CreateMatchInput, 'statementLines' | 'ledgerLines'>,
  difference: Omit<MadeJournal, 'amount' | 'fields'>,
  rule: Pick<MatchRecord, 'rule' | 'reason'> = { rule: 'manual', reason: 'matched by hand, the difference posted' },
): Promise<MatchRecord> {
  const { companyId, accountId, bank } = at;
  const amount = sides.statementTotal.minus(sides.ledgerTotal).toFixed(bank.precision);
  const first = sides.statementLines[0]!;
  const description = difference.description ?? `Difference of ${amount} matching statement line ${first.bankReference}`;
  const made = (await madeJournalOf(port, companyId, first)) ?? (await linkedDraft(port, uow, companyId, bank, first, { ...difference, amount, description, fields: 'difference.' }));
  const journal = await postedMade(port, uow, companyId, made, first.bookingDate);
  const bankLine = journal.entries.findIndex((e) => e.accountId === accountId);
  const match = await checkedMatch(port, companyId, accountId, bank, { statementLines: input.statementLines, ledgerLines: [...input.ledgerLines, { journalId: journal.id, line: Math.max(bankLine, 0) }] }, uow.actor!);
  return { ...match, ...rule, difference: { journalId: journal.id, amount } };
}
