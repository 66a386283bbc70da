import { randomUUID } from 'node:crypto';
import { AppError, NotFound, StateConflict, ValidationError } from '../errors.ts';
import { writtenRecordEvent } from '../events/event-record.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { Change, UnitOfWork } from '../unit-of-work.ts';
import { DEFAULT_MATCHING_RULES, proposeMatches, type ProposedMatch } from './auto-match.ts';
import { checkedSides, takenMeanwhile } from './match-sides.ts';
import { matchView } from './match-view.ts';
import type { MatchRecord } from './records.ts';
import { ledgerItems, RECONCILIATION_ITEMS } from './reconciliation.ts';
import { ledgerKey, sum } from './rules.ts';
import type { AutoMatching, BankAccountFacts } from './store.ts';

export type AutoMatchView = ResponseOf<'AutoMatchResponse'>;

/** Matches written side by side. */
const AT_ONCE = 16;
/** Matches one request writes at most (about a second's writes): the rest are `remaining`, for the next call. */
export const AUTO_MATCH_WRITES = 2_000;
/** Proposals the answer lists (it counts them all). */
const LISTED = 1_000;

/**
 * Automatic matching of a bank account up to a date (today's items when left out): the rules of
 * the bank account (auto-match.ts) run over the items not reconciled, and each match they find
 * is written as a manual one would be, with its BankMatchCreated event, many matches a
 * transaction; one whose line another match took meanwhile is skipped. At most AUTO_MATCH_WRITES are
 * written a request, the rest `remaining` for the next. A match within a rule's tolerance is
 * written on its own after its difference's journal is posted (difference-match.ts), which the
 * caller must be allowed to post. `dryRun` answers the proposals and writes nothing.
 * Errors: NotFound, ValidationError (TooManyBankLines naming `date`), Forbidden (journals:create
 * and journals:post, when a difference would be posted).
 */
export async function autoMatch(books: AutoMatching, uow: UnitOfWork, companyId: string, accountId: string, permissions: readonly string[], input: { date?: string | undefined; dryRun: boolean }): Promise<AutoMatchView> {
  const bank = (await books.bankAccount(companyId, accountId)) ?? NotFound.throw('The bank account');
  const date = input.date ?? '9999-12-31';
  // What no match holds: lines without one, ledger lines no match claims (a broken match's lines stay with it until undone).
  const [lines, read, claimed] = await Promise.all([books.linesUpTo(companyId, accountId, date, RECONCILIATION_ITEMS), books.ledgerUpTo(companyId, accountId, date, RECONCILIATION_ITEMS), books.claimedLedgerLines(companyId, accountId)]);
  if (lines.length > RECONCILIATION_ITEMS || read.length > RECONCILIATION_ITEMS) throw ValidationError.field('date', `the account holds more than ${RECONCILIATION_ITEMS} lines up to this date, more than one matching reads: match up to an earlier date first`, 'TooManyBankLines');
  const ledger = ledgerItems(read, bank).filter((l) => !claimed.has(ledgerKey(l)));
  const proposals = proposeMatches(lines.filter((l) => !l.matchId), ledger, bank.matchingRules ?? DEFAULT_MATCHING_RULES);
  const at = new Date().toISOString();
  const records = proposals.map((p) => record(p, companyId, accountId, uow.actor!, at, bank.precision));
  const toWrite = input.dryRun ? [] : records.slice(0, AUTO_MATCH_WRITES);
  const differing = toWrite.flatMap((_, i) => (proposals[i]!.difference ? [i] : []));
  // Posting differences loads on the path that posts one, and is refused before anything is written.
  const differences = differing.length > 0 ? await import('./difference-match.ts') : undefined;
  differences?.checkMayPost(permissions, "A rule's tolerance");
  const plain = toWrite.flatMap((_, i) => (proposals[i]!.difference ? [] : [i]));
  const written = new Array<boolean>(toWrite.length).fill(false);
  (await writeAll(books, uow, companyId, plain.map((i) => records[i]!))).forEach((done, k) => (written[plain[k]!] = done));
  for (const i of differing) {
    const made = await writtenWithDifference(books, differences!, uow, { companyId, accountId, bank }, records[i]!, proposals[i]!.difference!);
    if (made) [records[i], written[i]] = [made, true];
  }
  const response: AutoMatchView = {
    bankAccountId: accountId,
    date: input.date ?? null,
    dryRun: input.dryRun,
    proposed: records.length,
    matched: written.filter(Boolean).length,
    skipped: written.filter((w) => !w).length,
    remaining: input.dryRun ? 0 : records.length - toWrite.length,
    matches: records.slice(0, LISTED).map((m, i) => {
      const proposed = proposals[i]!.difference;
      return { ...matchView(m), id: written[i] ? m.matchId : null, difference: proposed ? { journalId: m.difference?.journalId ?? null, amount: proposed.amount } : null };
    }),
  };
  // A dry run writes nothing, not even its event.
  return input.dryRun ? response : uow.commit([], response);
}

function record(p: ProposedMatch, companyId: string, accountId: string, actor: NonNullable<UnitOfWork['actor']>, at: string, precision: number): MatchRecord {
  return {
    companyId,
    accountId,
    matchId: randomUUID(),
    statementLines: p.statementLines.map((l) => l.bankReference),
    ledgerLines: p.ledgerLines.map((l) => ({ journalId: l.journalId, line: l.line, amount: l.amount, postingDate: l.postingDate })),
    amount: sum(p.statementLines.map((l) => l.amount)).toFixed(precision),
    rule: p.rule,
    reason: p.reason,
    matchedBy: actor,
    matchedAt: at,
    version: 1,
  };
}

/**
 * A proposed match within a rule's tolerance, written on its own: its difference's journal made
 * and posted (difference-match.ts), then the match with its event. Undefined when another request
 * took a line meanwhile (a 409), as writeAll skips one.
 */
async function writtenWithDifference(books: AutoMatching, differences: typeof import('./difference-match.ts'), uow: UnitOfWork, at: { companyId: string; accountId: string; bank: BankAccountFacts }, proposed: MatchRecord, difference: { accountId: string }): Promise<MatchRecord | undefined> {
  const port = await books.journaling();
  const input = { statementLines: proposed.statementLines, ledgerLines: proposed.ledgerLines.map(({ journalId, line }) => ({ journalId, line })) };
  try {
    const sides = await checkedSides(port, at.companyId, at.accountId, at.bank, input);
    const match = await differences.differenceMatch(port, uow, at, sides, input, { accountId: difference.accountId }, { rule: proposed.rule, reason: proposed.reason });
    const event = writtenRecordEvent('BankMatchCreated', at.companyId, uow.actor, matchView(match), new Date(match.matchedAt));
    await books.commit([...books.matchChanges(match, takenMeanwhile), books.eventChange(event)]);
    return match;
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return undefined;
    throw error;
  }
}

/** Items one transaction holds at most (DynamoDB's bound is 100). */
const TRANSACTION_ITEMS = 99;

/**
 * The matches with their events, packed into transactions of up to 99 items sent 16 at a time;
 * a transaction refused because another match took one of its lines meanwhile is sent again one
 * match a transaction, so only that match is left out. True for each match written.
 */
async function writeAll(books: AutoMatching, uow: UnitOfWork, companyId: string, records: readonly MatchRecord[]): Promise<boolean[]> {
  const taken = () => new StateConflict('AlreadyMatched', 'Another match took one of these lines meanwhile.');
  const changesOf = (match: MatchRecord) => {
    const event = writtenRecordEvent('BankMatchCreated', companyId, uow.actor, matchView(match), new Date(match.matchedAt));
    return [...books.matchChanges(match, taken), books.eventChange(event)];
  };
  const written = async (changes: Change[]) => {
    try {
      await books.commit(changes);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.status === 409) return false;
      throw error;
    }
  };
  const outcomes = new Array<boolean>(records.length).fill(false);
  const batches: number[][] = [];
  let items = TRANSACTION_ITEMS;
  records.forEach((match, i) => {
    const size = match.statementLines.length + match.ledgerLines.length + 2;
    if (items + size > TRANSACTION_ITEMS) batches.push([]), (items = 0);
    batches.at(-1)!.push(i);
    items += size;
  });
  for (let b = 0; b < batches.length; b += AT_ONCE) {
    await Promise.all(
      batches.slice(b, b + AT_ONCE).map(async (batch) => {
        if (await written(batch.flatMap((i) => changesOf(records[i]!)))) {
          for (const i of batch) outcomes[i] = true;
          return;
        }
        for (const i of batch) outcomes[i] = await written(changesOf(records[i]!));
      }),
    );
  }
  return outcomes;
}
