import { randomUUID } from 'node:crypto';
import { AppError, NotFound, StateConflict, ValidationError } from '../errors.ts';
import { writtenRecordEvent } from '../events/event-record.ts';
import { sortsBefore } from '../journals/ledger-entries.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { Change, UnitOfWork } from '../unit-of-work.ts';
import { DEFAULT_MATCHING_RULES, proposeMatches, type ProposedMatch } from './auto-match.ts';
import { checkMayMakeJournals } from './journal-permissions.ts';
import { matchView } from './match-view.ts';
import type { MatchRecord } from './records.ts';
import { ledgerItems, RECONCILIATION_ITEMS } from './reconciliation.ts';
import { ledgerKey, sum } from './rules.ts';
import type { AutoMatching } from './store.ts';

export type AutoMatchView = ResponseOf<'AutoMatchResponse'>;

/** Matches written side by side. */
const AT_ONCE = 16;
/** Matches one request writes at most (about a second's writes): the rest are `remaining`, for the next call. */
export const AUTO_MATCH_WRITES = 2_000;
/** Matches that post a journal (a difference, a text rule's) one request writes at most: each is a few writes in turn. */
export const AUTO_MATCH_JOURNALS = 100;
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
  const [lines, read, claimed] = await Promise.all([books.linesUpTo(companyId, accountId, date, RECONCILIATION_ITEMS), books.ledgerUpTo(companyId, accountId, date, RECONCILIATION_ITEMS, sortsBefore), books.claimedLedgerLines(companyId, accountId)]);
  if (lines.length > RECONCILIATION_ITEMS || read.length > RECONCILIATION_ITEMS) throw ValidationError.field('date', `the account holds more than ${RECONCILIATION_ITEMS} lines up to this date, more than one matching reads: match up to an earlier date first`, 'TooManyBankLines');
  const ledger = ledgerItems(read, bank).filter((l) => !claimed.has(ledgerKey(l)));
  const proposals = proposeMatches(lines.filter((l) => !l.matchId), ledger, bank.matchingRules ?? DEFAULT_MATCHING_RULES);
  const at = new Date().toISOString();
  const records = proposals.map((p) => record(p, companyId, accountId, uow.actor!, at, bank.precision));
  const toWrite = input.dryRun ? [] : records.slice(0, AUTO_MATCH_WRITES);
  // What posts a journal (a difference, a text rule's) is written one by one after the rest, loaded on the path that posts one.
  const posting = toWrite.flatMap((_, i) => (proposals[i]!.difference || proposals[i]!.journal ? [i] : [])).slice(0, AUTO_MATCH_JOURNALS);
  // Refused before anything is written.
  if (posting.length > 0) checkMayMakeJournals(permissions, posting.some((i) => proposals[i]!.difference || proposals[i]!.journal?.post), "The bank account's rules");
  const posts = posting.length > 0 ? await import('./auto-match-journals.ts') : undefined;
  const plain = toWrite.flatMap((_, i) => (proposals[i]!.difference || proposals[i]!.journal ? [] : [i]));
  const written = new Array<boolean>(toWrite.length).fill(false);
  const journals = new Map<number, { id: string; status: string }>();
  (await writeAll(books, uow, companyId, plain.map((i) => records[i]!))).forEach((done, k) => (written[plain[k]!] = done));
  for (const i of posting) {
    const outcome = await posts!.writtenWithJournal(books, uow, { companyId, accountId, bank }, records[i]!, proposals[i]!);
    if (outcome?.journal) journals.set(i, outcome.journal);
    if (outcome?.match) [records[i], written[i]] = [outcome.match, true];
  }
  const deferred = toWrite.length - plain.length - posting.length;
  const response: AutoMatchView = {
    bankAccountId: accountId,
    date: input.date ?? null,
    dryRun: input.dryRun,
    proposed: records.length,
    matched: written.filter(Boolean).length,
    journalsMade: journals.size,
    skipped: written.filter((w, i) => !w && !journals.has(i)).length - deferred,
    remaining: input.dryRun ? 0 : records.length - toWrite.length + deferred,
    matches: records.slice(0, LISTED).map((m, i) => {
      const { difference, journal } = proposals[i]!;
      return {
        ...matchView(m),
        id: written[i] ? m.matchId : null,
        difference: difference ? { journalId: m.difference?.journalId ?? null, amount: difference.amount } : null,
        journal: journal ? { id: journals.get(i)?.id ?? null, status: journals.get(i)?.status ?? null } : null,
      };
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
