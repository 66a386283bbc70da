import type { EventType } from '../events/event-types.ts';
import type { MatchView } from './match-view.ts';
import type { MatchRecord } from './records.ts';

/**
 * What a match event did, pure (docs/decisions.md, Bank reconciliation, "As known at"): a match
 * made (`effect` 1) or undone (-1) at its event's instant, with the match as the event's data
 * holds it. Recorded when the event is numbered, beside the book changes
 * (audit/record-book-changes.ts), and kept for good, as events are not (35 days): so the
 * reconciliation as known at a moment takes back the matches made and undone after it, as the
 * ledger's lines are taken back by the book changes after it.
 */
export interface MatchChange {
  companyId: string;
  accountId: string;
  /** The event's instant: when the change counts as committed. */
  occurredAt: string;
  sequence: number;
  effect: 1 | -1;
  match: MatchRecord;
}

/** The events that make or undo a match, and what each does. */
export const MATCH_EFFECT_OF: Partial<Record<EventType, 1 | -1>> = { BankMatchCreated: 1, BankMatchDeleted: -1 };
export const MATCH_EVENT_TYPES = Object.keys(MATCH_EFFECT_OF) as EventType[];

/**
 * The change a numbered event records, or undefined for an event that neither makes nor undoes a
 * match. Its data is the match as the write answered it (a match of 90 lines at most stays far
 * below the 32,000 characters past which an event leaves its data out).
 */
export function matchChangeOf(event: { companyId: string; type: EventType; occurredAt: string; sequence: number }, data: Record<string, unknown> | null): MatchChange | undefined {
  const effect = MATCH_EFFECT_OF[event.type];
  if (!effect || !data) return undefined;
  const view = data as unknown as MatchView;
  const match: MatchRecord = {
    companyId: event.companyId,
    accountId: view.bankAccountId,
    matchId: view.id,
    statementLines: view.statementLines,
    ledgerLines: view.ledgerLines,
    amount: view.amount,
    rule: view.rule,
    reason: view.reason,
    ...(view.difference ? { difference: view.difference } : {}),
    matchedBy: view.matchedBy,
    matchedAt: view.matchedAt,
    version: view.version,
  };
  return { companyId: event.companyId, accountId: view.bankAccountId, occurredAt: event.occurredAt, sequence: event.sequence, effect, match };
}

/**
 * The matches as they stood at a moment: those of now, less the ones made after it, plus the ones
 * undone after it (as they were), undoing `changesAfter` (oldest first) newest first, so a match
 * made and undone after the moment comes out as absent.
 */
export function matchesAt(now: ReadonlyMap<string, MatchRecord>, changesAfter: readonly MatchChange[]): Map<string, MatchRecord> {
  const at = new Map(now);
  for (const change of [...changesAfter].reverse()) {
    if (change.effect === 1) at.delete(change.match.matchId);
    else at.set(change.match.matchId, change.match);
  }
  return at;
}
