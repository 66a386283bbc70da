import { describe, expect, it } from 'vitest';
import { authorsFromHistory, authorsOfReversal, authorsToFill, filledNotAsTold, type KeptVersion } from '../../../shared/journals/authors-from-history.ts';

const ann = { type: 'user' as const, id: 'ann' };
const bob = { type: 'user' as const, id: 'bob' };
const key = { type: 'apiKey' as const, id: 'key' };
const at = (n: number) => `2026-03-0${n}T10:00:00.000Z`;
const v = (version: number, type: KeptVersion['type'], actor: KeptVersion['actor']): KeptVersion => ({ version, type, actor, occurredAt: at(version) });

describe('who did what, as a journal’s history tells it', () => {
  it('replays each change as its write sets the fields: created, edited, posted, adjusted, posted again, voided', () => {
    const history = [v(1, 'JournalCreated', ann), v(2, 'JournalUpdated', bob), v(3, 'JournalSubmitted', ann), v(4, 'JournalApproved', key), v(5, 'JournalPosted', key)];
    expect(authorsFromHistory(history, 5)).toEqual({ createdBy: ann, editedBy: bob, updatedBy: key, postedBy: key, postedAt: at(5) });
    // Adjust takes the posting back and edits nothing; the next posting is its own.
    expect(authorsFromHistory([...history, v(6, 'JournalAdjusted', ann)], 6)).toEqual({ createdBy: ann, editedBy: bob, updatedBy: ann });
    expect(authorsFromHistory([...history, v(6, 'JournalAdjusted', ann), v(7, 'JournalPosted', bob), v(8, 'JournalVoided', ann)], 8)).toEqual({
      createdBy: ann, editedBy: bob, updatedBy: ann, postedBy: bob, postedAt: at(7), voidedBy: ann, voidedAt: at(8),
    });
    // A reversed journal keeps who posted it; who reversed it is its last updater.
    expect(authorsFromHistory([v(1, 'JournalCreated', ann), v(2, 'JournalPosted', ann), v(3, 'JournalReversed', bob)], 3)).toMatchObject({ postedBy: ann, updatedBy: bob });
  });

  it('takes an import’s posted journal as born posted, and a closing journal as written by who generated it', () => {
    expect(authorsFromHistory([v(1, 'JournalPosted', key)], 1)).toEqual({ createdBy: key, editedBy: key, updatedBy: key, postedBy: key, postedAt: at(1) });
    expect(authorsFromHistory([v(1, 'ClosingJournalGenerated', ann), v(2, 'JournalPosted', bob)], 2)).toEqual({ createdBy: ann, editedBy: ann, updatedBy: bob, postedBy: bob, postedAt: at(2) });
  });

  it('tells nothing of a journal whose last version is not kept, and only what the kept versions set when its first is not', () => {
    expect(authorsFromHistory([v(1, 'JournalCreated', ann)], 2)).toEqual({});
    expect(authorsFromHistory([], 1)).toEqual({});
    expect(authorsFromHistory([v(3, 'JournalPosted', bob), v(4, 'JournalSubmitted', ann)], 4)).toEqual({ updatedBy: ann, postedBy: bob, postedAt: at(3) });
    // A change by nobody known tells when, not who.
    expect(authorsFromHistory([v(1, 'JournalCreated', ann), v(2, 'JournalPosted', null)], 2)).toEqual({ createdBy: ann, editedBy: ann, postedAt: at(2) });
  });

  it('reads a reversing journal from its original’s Reverse', () => {
    expect(authorsOfReversal([v(1, 'JournalCreated', ann), v(2, 'JournalPosted', ann), v(3, 'JournalReversed', bob)])).toEqual({ createdBy: bob, editedBy: bob, updatedBy: bob, postedBy: bob, postedAt: at(3) });
    expect(authorsOfReversal([v(1, 'JournalCreated', ann)])).toEqual({});
  });

  it('fills only the fields a journal lacks, and finds filled fields that differ from what the history tells', () => {
    const told = { createdBy: ann, editedBy: ann, updatedBy: bob, postedBy: bob, postedAt: at(2) };
    const journal = { id: 'j', version: 3, updatedBy: key, editedBy: bob };
    expect(authorsToFill(journal, told)).toEqual({ createdBy: ann, postedBy: bob, postedAt: at(2) });
    expect(authorsToFill({ ...journal, ...told }, told)).toEqual({});

    const filled = { ...journal, createdBy: ann, postedBy: bob, postedAt: at(2), authorsFromHistory: ['createdBy' as const, 'postedBy' as const, 'postedAt' as const] };
    expect(filledNotAsTold(filled, told)).toEqual([]);
    // Key order of a stored map does not matter; a changed actor or a field the history does not tell does.
    expect(filledNotAsTold({ ...filled, createdBy: { id: 'ann', type: 'user' } }, told)).toEqual([]);
    expect(filledNotAsTold({ ...filled, createdBy: bob }, told)).toEqual(['createdBy']);
    expect(filledNotAsTold({ ...filled, authorsFromHistory: [...filled.authorsFromHistory, 'voidedBy'] }, told)).toEqual(['voidedBy']);
    expect(filledNotAsTold({ ...filled, authorsFromHistory: ['entries' as never] }, told)).toEqual(['entries']);
  });
});
