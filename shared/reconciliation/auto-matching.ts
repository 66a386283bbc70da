import { randomUUID } from 'node:crypto';
import { AppError, NotFound, StateConflict } from '../errors.ts';
import { eventRecord } from '../events/event-record.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { DEFAULT_MATCHING_RULES, proposeMatches, type ProposedMatch } from './auto-match.ts';
import { matchView } from './match-view.ts';
import type { MatchRecord } from './records.ts';
import { reconciledAt } from './reconciliation.ts';
import { sum } from './rules.ts';
import type { AutoMatching } from './store.ts';

export type AutoMatchView = ResponseOf<'AutoMatchResponse'>;

/** Matches written side by side. */
const AT_ONCE = 16;
/** Proposals the answer lists (it counts them all). */
const LISTED = 1_000;

/**
 * Automatic matching of a bank account up to a date (today's items when left out): the rules of
 * the bank account (auto-match.ts) run over the items not reconciled, and each match they find
 * is written as a manual one would be, in a transaction of its own with its BankMatchCreated
 * event; one whose line another match took meanwhile is skipped. `dryRun` answers the proposals
 * and writes nothing. Errors: NotFound, ValidationError (TooManyBankLines naming `date`).
 */
export async function autoMatch(books: AutoMatching, uow: UnitOfWork, companyId: string, accountId: string, input: { date?: string | undefined; dryRun: boolean }): Promise<AutoMatchView> {
  const bank = (await books.bankAccount(companyId, accountId)) ?? NotFound.throw('The bank account');
  const date = input.date ?? '9999-12-31';
  const open = await reconciledAt(books, companyId, accountId, bank, date);
  // A line a match holds, even one not whole at the date, stays with it.
  const proposals = proposeMatches(open.unmatchedStatement.filter((l) => !l.matchId), open.unmatchedLedger, bank.matchingRules ?? DEFAULT_MATCHING_RULES);
  const at = new Date().toISOString();
  const records = proposals.map((p) => record(p, companyId, accountId, uow.actor!, at, bank.precision));
  const written = input.dryRun ? [] : await writeAll(books, uow, companyId, records);
  const response: AutoMatchView = {
    bankAccountId: accountId,
    date: input.date ?? null,
    dryRun: input.dryRun,
    proposed: records.length,
    matched: written.filter(Boolean).length,
    skipped: input.dryRun ? 0 : written.filter((w) => !w).length,
    matches: records.slice(0, LISTED).map((m, i) => ({ ...matchView(m), id: input.dryRun || !written[i] ? null : m.matchId })),
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

/** Each match in a transaction of its own with its event; false for one another match got to first. */
async function writeAll(books: AutoMatching, uow: UnitOfWork, companyId: string, records: readonly MatchRecord[]): Promise<boolean[]> {
  const outcomes: boolean[] = [];
  const taken = () => new StateConflict('AlreadyMatched', 'Another match took one of these lines meanwhile.');
  for (let i = 0; i < records.length; i += AT_ONCE) {
    outcomes.push(
      ...(await Promise.all(
        records.slice(i, i + AT_ONCE).map(async (match) => {
          const event = eventRecord({ eventId: randomUUID(), type: 'BankMatchCreated', companyId, actor: uow.actor, requestId: null, params: { companyId, id: match.accountId }, body: {}, response: matchView(match), now: new Date(match.matchedAt) });
          try {
            await books.commit([...books.matchChanges(match, taken), books.eventChange(event)]);
            return true;
          } catch (error) {
            if (error instanceof AppError && error.status === 409) return false;
            throw error;
          }
        }),
      )),
    );
  }
  return outcomes;
}
