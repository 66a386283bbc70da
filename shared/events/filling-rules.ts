import { entryNumbers } from '../audit/entry-numbers.ts';
import { bookChangeOps } from '../audit/record-book-changes.ts';
import { AUDITED_KIND_OF } from '../audit/record-state.ts';
import { summaryOps } from '../audit/record-summaries.ts';
import { numberEvents } from './numbering.ts';
import type { FillingRules } from './store.ts';

/**
 * The rules of numbering pending events (numbering-rules.ts loads them when a round finds some):
 * the chain (numbering.ts), which records an event versions, what it did to the books and
 * their summaries, and the entry numbers of the journals it put on them.
 */
export const fillingRules: FillingRules = {
  number: numberEvents,
  auditedKindOf: AUDITED_KIND_OF,
  bookChanges: bookChangeOps,
  summaries: summaryOps,
  entryNumbers,
};
