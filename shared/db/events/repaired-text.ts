import { requestLogger } from '../../logger.ts';
import { emfFields, OPERATIONS_METRICS } from '../../metrics.ts';

/**
 * Says, at error level and as the EventTextRepaired metric an alarm watches, that events were
 * numbered whose text held a lone surrogate (audit/chain.ts: canonicalText hashed it as U+FFFD).
 * The API refuses such text on input, so one seen here was written before that check or around
 * it: the company's numbering went on, and an operator should find where it came from.
 */
export function reportRepairedText(companyId: string, eventIds: readonly string[]): void {
  requestLogger('sequencer').error('events numbered with text repaired to be hashed', {
    companyId,
    eventIds: eventIds.slice(0, 20),
    ...emfFields({ [OPERATIONS_METRICS.eventTextRepaired]: eventIds.length }),
  });
}
