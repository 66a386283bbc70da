import type { BookChangeRecording, SummaryRecording } from '../../audit/recording-store.ts';
import { eventsBetween } from '../events/event-store.ts';
import { getJournals } from '../ledger/journal-store.ts';
import { bookChangeOp, bookChangesOfSpan, periodStateOp } from './book-change-store.ts';
import { blockOp, latestBookChangeAt, openSpanOp } from './book-summary-store.ts';
import { stateBefore } from './history-store.ts';
import { getSettings } from './settings-store.ts';
import { matchChangeOp } from './match-change-store.ts';

/**
 * The stores the sequencer (db/events/sequencer.ts) hands the audit's recording rules
 * (audit/store.ts): apart from audit-ports.ts, whose ports number events through the sequencer.
 */
export const bookChangeRecording: BookChangeRecording = { settings: getSettings, getJournals, stateBefore, bookChangeChange: bookChangeOp, periodStateChange: periodStateOp, matchChange: matchChangeOp };

export const summaryRecording: SummaryRecording = { latestBookChangeAt, changesOfSpan: bookChangesOfSpan, openSpanChange: openSpanOp, blockChange: blockOp, eventsBetween };
