import type { PeriodChanging, YearClosing } from '../../financial-years/store.ts';
import { eventHead } from '../events/event-store.ts';
import { sequenceEvents } from '../events/sequencer.ts';
import { hasDraftJournalsBetween } from '../ledger/journal-queries.ts';
import { mustGetYear, periodStatusOps, replaceYearOps, withYearGuard } from './year-store.ts';

/**
 * The ports of closing a year and of a period's transitions (financial-years/store.ts), which
 * record the chain's head once the events pending are numbered (the sequencer). A hold is the
 * year's write guard.
 */
export const yearClosing: YearClosing = { get: mustGetYear, sequence: sequenceEvents, chainHead: eventHead, hasDraftsBetween: hasDraftJournalsBetween, whileHeld: withYearGuard, replaceChanges: replaceYearOps };

export const periodChanging: PeriodChanging = { get: mustGetYear, sequence: sequenceEvents, chainHead: eventHead, statusChanges: periodStatusOps };
