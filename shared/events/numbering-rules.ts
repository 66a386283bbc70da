import { oldestPending } from './pending-order.ts';
import type { EventNumbering, NumberingRules } from './store.ts';

/**
 * The rules the sequencer (db/events/sequencer.ts) numbers and records events by: which go first,
 * and the rest (filling-rules.ts: the chain, the audit's records) loaded when there are some to number.
 */
export const numberingRules: NumberingRules = {
  oldest: oldestPending,
  filling: async () => (await import('./filling-rules.ts')).fillingRules,
};

/**
 * Numbers the company's pending events (db/events/sequencer.ts), so a reader sees every change
 * committed before its call. Returns how many it numbered.
 */
export const numberPending = (events: EventNumbering, companyId: string): Promise<number> => events.sequence(numberingRules, companyId);
