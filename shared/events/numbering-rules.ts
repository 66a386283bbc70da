import { bookChangeOps } from '../audit/record-book-changes.ts';
import { AUDITED_KIND_OF } from '../audit/record-state.ts';
import { summaryOps } from '../audit/record-summaries.ts';
import { numberEvents } from './numbering.ts';
import { oldestPending } from './pending-order.ts';
import type { EventNumbering, NumberingRules } from './store.ts';

/** The rules the sequencer (db/events/sequencer.ts) numbers and records events by. */
export const numberingRules: NumberingRules = {
  number: numberEvents,
  oldest: oldestPending,
  auditedKindOf: AUDITED_KIND_OF,
  bookChanges: bookChangeOps,
  summaries: summaryOps,
};

/**
 * Numbers the company's pending events (db/events/sequencer.ts), so a reader sees every change
 * committed before its call. Returns how many it numbered.
 */
export const numberPending = (events: EventNumbering, companyId: string): Promise<number> => events.sequence(numberingRules, companyId);
