import type { ActorRef } from '../auth/actor.ts';
import type { DraftJournal, Posting, PostedJournal, ReversedJournal } from '../journals/records.ts';
import { swapSides, type Line } from '../journals/rules.ts';
import { postingFigures, type PostingFigures } from '../journals/posting-figures.ts';

/** The journals of a revaluation, pure: the same fields whichever way they are written. */

export const reversalDescription = (date: string) => `Reversal of the revaluation at ${date}`;

export interface PlannedRevaluation {
  id: string;
  serialNumber: number;
  /** The date revalued. */
  date: string;
  lines: Line[];
  now: string;
  /** Who asked it: its journals' creator and poster. */
  by: ActorRef;
}

/** The revaluation as a draft: where a revaluation too wide for one transaction starts. */
export function revaluationDraft(p: PlannedRevaluation): DraftJournal {
  return {
    id: p.id,
    serialNumber: p.serialNumber,
    date: `${p.date}T00:00:00Z`,
    calendarDate: p.date,
    description: `Revaluation at ${p.date}`,
    reference: `REVALUATION-${p.date}`,
    entries: p.lines,
    status: 'draft',
    revaluationDate: p.date,
    version: 1,
    createdAt: p.now,
    updatedAt: p.now,
    createdBy: p.by,
    editedBy: p.by,
    updatedBy: p.by,
  };
}

/**
 * The revaluation and its reversal born in their final states, as Post on the date and Reverse on
 * the next day leave them: the revaluation `reversed` (version 3), its reversal `posted`.
 */
export function revaluationPair(p: PlannedRevaluation, posting: Posting, reversal: { id: string; serialNumber: number; posting: Posting }): { revaluation: ReversedJournal; reversal: PostedJournal } {
  const draft = revaluationDraft(p);
  return {
    revaluation: { ...draft, ...posting, status: 'reversed', reversedBy: reversal.id, version: 3, postedBy: p.by, postedAt: p.now },
    reversal: {
      ...draft,
      ...reversal.posting,
      id: reversal.id,
      serialNumber: reversal.serialNumber,
      date: `${reversal.posting.postingDate}T00:00:00Z`,
      calendarDate: reversal.posting.postingDate,
      description: reversalDescription(p.date),
      entries: swapSides(p.lines),
      status: 'posted',
      reversalOf: p.id,
      version: 1,
      postedBy: p.by,
      postedAt: p.now,
    },
  };
}

/** What the revaluation and its reversal each add to the balances when posted (journals/posting-figures.ts postingFigures). */
export function revaluationFigures(p: PlannedRevaluation): { revaluation: PostingFigures; reversal: PostingFigures } {
  return { revaluation: postingFigures(p.lines, 1), reversal: postingFigures(swapSides(p.lines), 1) };
}
