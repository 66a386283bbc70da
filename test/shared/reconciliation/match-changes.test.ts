import { describe, expect, it } from 'vitest';
import { matchChangeOf, matchesAt, type MatchChange } from '../../../shared/reconciliation/match-changes.ts';
import type { MatchRecord } from '../../../shared/reconciliation/records.ts';

/** The matches as they stood at a moment, from those of now and the match changes after it (docs/decisions.md, Bank reconciliation, "As known at a moment"). */
const match = (matchId: string, statementLines: string[]): MatchRecord => ({
  companyId: 'c',
  accountId: 'a',
  matchId,
  statementLines,
  ledgerLines: [{ journalId: `journal-${matchId}`, line: 0, amount: '10.00', postingDate: '2026-11-03' }],
  amount: '10.00',
  rule: 'manual',
  reason: 'matched by hand',
  matchedBy: { type: 'user', id: 'u' },
  matchedAt: '2026-11-29T10:00:00.000Z',
  version: 1,
});
let sequence = 0;
const change = (effect: 1 | -1, m: MatchRecord): MatchChange => ({ companyId: 'c', accountId: 'a', occurredAt: '2026-11-29T12:00:00.000Z', sequence: ++sequence, effect, match: m });

describe('matches as known at a moment', () => {
  it('leaves out a match made after it, restores one undone after it, and has none of one made and undone after it', () => {
    const kept = match('kept', ['B1']);
    const made = match('made', ['B2']);
    const undone = match('undone', ['B2']);
    const passing = match('passing', ['B3']);
    // After the moment: B2's match undone and another made for it; a match made and undone on B3.
    const now = new Map([kept, made].map((m) => [m.matchId, m]));
    const after = [change(-1, undone), change(1, made), change(1, passing), change(-1, passing)];

    expect([...matchesAt(now, after).values()]).toEqual([kept, undone]);
    expect([...matchesAt(now, []).values()]).toEqual([kept, made]);
  });

  it('records what a match event did, with the match as its data holds it, and nothing for another event', () => {
    const view = { id: 'm', bankAccountId: 'a', statementLines: ['B1'], ledgerLines: match('m', []).ledgerLines, amount: '10.00', rule: 'manual', reason: 'matched by hand', matchedBy: { type: 'user', id: 'u' }, matchedAt: '2026-11-29T10:00:00.000Z', version: 2 };
    const event = { companyId: 'c', occurredAt: '2026-11-29T12:00:00.000Z', sequence: 7 };

    expect(matchChangeOf({ ...event, type: 'BankMatchDeleted' }, view)).toEqual({ ...event, accountId: 'a', effect: -1, match: { ...match('m', ['B1']), version: 2 } });
    expect(matchChangeOf({ ...event, type: 'BankMatchCreated' }, view)?.effect).toBe(1);
    expect(matchChangeOf({ ...event, type: 'JournalPosted' }, view)).toBeUndefined();
  });
});
