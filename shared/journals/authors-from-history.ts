import type { ActorRef } from '../auth/actor.ts';
import type { HistoryRecord } from '../audit/records.ts';
import { canonicalJson } from '../audit/chain.ts';
import type { AuthorField, JournalFields } from './records.ts';

/**
 * Who did what to a journal, as its kept versions tell it (pure; docs/decisions.md, Journals,
 * "Who did what"): for journals written before the service kept these fields. Each version is
 * replayed as the write that made it sets them (write-journal.ts, post-journal.ts,
 * approve-journal.ts), so a filled journal reads as one written since.
 */

export const AUTHOR_FIELDS: readonly AuthorField[] = ['createdBy', 'editedBy', 'updatedBy', 'postedBy', 'postedAt', 'voidedBy', 'voidedAt'];

/** What a kept version says of who made it: the change, who, when; not the state. */
export type KeptVersion = Pick<HistoryRecord, 'version' | 'type' | 'actor' | 'occurredAt'>;

/** The fields a history tells; a field it leaves out it does not know (or was never done). */
export type Authors = Partial<Pick<JournalFields, AuthorField>>;

/** A journal as the filling reads it: what says which fields it lacks. */
export type AuthoredJournal = Pick<JournalFields, 'id' | 'version' | 'reversalOf' | 'authorsFromHistory' | AuthorField>;

/** What each change sets; `at` is when it was made. A journal's first version is its birth (`born`). */
function replayed(authors: Authors, v: KeptVersion): Authors {
  const by: ActorRef = v.actor;
  switch (v.type) {
    case 'JournalCreated':
    case 'JournalUpdated':
    case 'ClosingJournalGenerated':
      return { ...authors, editedBy: by, updatedBy: by };
    case 'JournalPosted':
      return { ...authors, updatedBy: by, postedBy: by, postedAt: v.occurredAt };
    case 'JournalAdjusted': {
      // A draft again: its posting is history (post-journal.ts adjustJournal); its lines unchanged.
      const { postedBy: _by, postedAt: _at, ...rest } = authors;
      return { ...rest, updatedBy: by };
    }
    case 'JournalVoided':
      return { ...authors, updatedBy: by, voidedBy: by, voidedAt: v.occurredAt };
    default:
      // JournalReversed, JournalSubmitted, JournalApproved, JournalRejected.
      return { ...authors, updatedBy: by };
  }
}

/** Its birth: written (a draft; an import's posted journal is born posted, by a JournalPosted). */
function born(v: KeptVersion): Authors {
  const by = v.actor;
  return { createdBy: by, editedBy: by, updatedBy: by, ...(v.type === 'JournalPosted' ? { postedBy: by, postedAt: v.occurredAt } : {}) };
}

/**
 * What a journal's versions (oldest first) tell of it at `version`: nothing unless the last kept
 * is that version (a later change is not kept yet). Versions kept only from after its birth
 * (histories began later) tell what the kept ones set: not its creator, nor an edit or posting
 * before them. A change by nobody known (null actor) tells when, not who.
 */
export function authorsFromHistory(versions: readonly KeptVersion[], version: number): Authors {
  if (versions.length === 0 || versions.at(-1)!.version !== version) return {};
  const told = versions.reduce<Authors>((authors, v) => (v.version === 1 ? born(v) : replayed(authors, v)), {});
  return known(told);
}

/**
 * A reversing journal has no versions of its own: the Reverse that wrote it, posted, is its
 * original's JournalReversed (a journal is reversed once, and is final then).
 */
export function authorsOfReversal(originalVersions: readonly KeptVersion[]): Authors {
  const reverse = originalVersions.findLast((v) => v.type === 'JournalReversed');
  if (!reverse) return {};
  const by = reverse.actor;
  return known({ createdBy: by, editedBy: by, updatedBy: by, postedBy: by, postedAt: reverse.occurredAt });
}

const known = (authors: Authors): Authors => Object.fromEntries(Object.entries(authors).filter(([, value]) => value !== null && value !== undefined)) as Authors;

/** The fields to fill: those the journal lacks that its history tells (never one it holds). */
export function authorsToFill(journal: AuthoredJournal, told: Authors): Authors {
  return Object.fromEntries(AUTHOR_FIELDS.flatMap((field) => (journal[field] === undefined && told[field] !== undefined ? [[field, told[field]]] : []))) as Authors;
}

/** The fields the journal says were filled from its history that are not what that history tells (or are no such field). */
export function filledNotAsTold(journal: AuthoredJournal, told: Authors): string[] {
  return (journal.authorsFromHistory ?? []).filter((field) => !AUTHOR_FIELDS.includes(field) || told[field] === undefined || canonicalJson(journal[field] ?? null) !== canonicalJson(told[field]));
}
