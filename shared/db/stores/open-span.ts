import type { Span } from '../../audit/book-summaries.ts';
import { knownKeys } from '../table/keys.ts';
import { getItem, recordOf, type Item } from '../table/table-ops.ts';

/**
 * The open stretch of the book changes' summaries (book-summary-store.ts), which the sequencer
 * reads every round: apart, so a function loads the summaries' writes only with the numbering
 * that makes them.
 */
const SPAN_FIELDS = ['fromSequence', 'toSequence', 'minOccurredAt', 'maxOccurredAt', 'priorMax', 'lines', 'changes'] as const;

export const spanOf = (item: Item): Span => recordOf<Span>(item, SPAN_FIELDS);

/** The open stretch (strongly consistent), or undefined before the company's first numbering that kept one. */
export async function openSpan(companyId: string): Promise<Span | undefined> {
  const item = await getItem(knownKeys.openBookSummary(companyId), { consistent: true });
  return item ? spanOf(item) : undefined;
}
