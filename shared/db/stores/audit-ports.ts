import type { AuditVerifying, ChainHeadReads, HistoryReads, RestatementReads } from '../../audit/store.ts';
import { sequenceEvents } from '../events/sequencer.ts';
import { eventHead, eventsBetween, getEvent, oldestKeptSequence, pendingEverywhere } from '../events/event-store.ts';
import { getJournals } from '../ledger/journal-store.ts';
import { decodeCursor, encodeCursor } from '../table/cursor.ts';
import { getApiKeyById } from './api-key-store.ts';
import { accountPeriodFigures, accountPeriodFiguresOnce, ledgerEntriesAt, pairKey } from './audit-figures.ts';
import { bookChangesKeptFrom, bookChangesPage, periodStateAt } from './book-change-store.ts';
import { historyPage, lastVersionOf } from './history-store.ts';
import { accountNodes, costCenterNodes } from './nodes/kind-stores.ts';
import { getSettings } from './settings-store.ts';
import { keepTouchedPairs, pairPosition, verifyPairsAfter } from './verify-pair-store.ts';
import { getYear } from './year-store.ts';

/** The audit's ports (audit/store.ts), one per use case (plain properties: a bundler keeps a spread it cannot prove pure). */
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
};

export const auditVerifying: AuditVerifying = {
  sequence: sequenceEvents,
  chainHead: eventHead,
  signCursor: encodeCursor,
  readCursor: decodeCursor,
  getJournals,
  getYear,
  pairKey,
  ledgerEntriesAt,
  figuresOnce: accountPeriodFiguresOnce,
  figures: accountPeriodFigures,
  accounts: (companyId, ids) => accountNodes.getMany(companyId, ids),
  costCenters: (companyId, ids) => costCenterNodes.getMany(companyId, ids),
  lastVersionOf,
  getEvent,
  eventsBetween,
  pendingEverywhere,
  oldestKeptSequence,
  keepTouchedPairs,
  pairPosition,
  verifyPairsAfter,
};
