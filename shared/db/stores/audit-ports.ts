import type { ChainHeadReads, HistoryReads, RestatementReads } from '../../audit/store.ts';
import { sequenceEvents } from '../events/sequencer.ts';
import { eventHead } from '../events/event-store.ts';
import { decodeCursor, encodeCursor } from '../table/cursor.ts';
import { getApiKeyById } from './api-key-store.ts';
import { bookChangesKeptFrom, bookChangesPage, periodStateAt } from './book-change-store.ts';
import { historyPage } from './history-store.ts';
import { getSettings } from './settings-store.ts';
import { filedRanges } from './vat-return-store.ts';

/**
 * The audit's ports (audit/store.ts), one per use case (plain properties: a bundler keeps a spread
 * it cannot prove pure); Verify's, which reads figures, nodes and years, in audit-verify-ports.ts, so
 * these handlers do not carry those modules.
 */
export const chainHeads: ChainHeadReads = { sequence: sequenceEvents, chainHead: eventHead };

export const historyReads: HistoryReads = { sequence: sequenceEvents, historyPage, apiKey: getApiKeyById };

export const restatementReads: RestatementReads = {
  sequence: sequenceEvents,
  chainHead: eventHead,
  keptFrom: bookChangesKeptFrom,
  signCursor: encodeCursor,
  readCursor: decodeCursor,
  settings: getSettings,
  changesPage: bookChangesPage,
  periodStateAt,
  filedRanges,
};
