import type { AuthorFilling } from '../../journals/fill-authors.ts';
import { sequenceEvents } from '../events/sequencer.ts';
import { fillAuthors, journalAuthors, journalsLackingAuthors } from '../migrations/journal-authors.ts';
import { journalVersions } from './history-store.ts';

/** The filling of journals' who-did-what from their history (journals/fill-authors.ts AuthorFilling). */
export const authorFilling: AuthorFilling = { sequence: sequenceEvents, journalsLackingAuthors, journalAuthors, fillAuthors, journalVersions };
