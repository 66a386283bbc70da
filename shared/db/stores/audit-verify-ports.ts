import type { AuditVerifying } from '../../audit/store.ts';
import { archivedFrom } from '../events/archived-from.ts';
import { eventHead, eventsBetween, getEvent, oldestKeptSequence, pendingEverywhere } from '../events/event-store.ts';
import { sequenceEvents } from '../events/sequencer.ts';
import { getJournals } from '../ledger/journal-store.ts';
import { decodeCursor, encodeCursor } from '../table/cursor.ts';
import { bulkRuns } from '../table/run-slots.ts';
import { ledgerEntriesAt, pairKey } from './audit-entries.ts';
import { journalVersions } from './history-store.ts';
import { lastVersionOf } from './history-last-version.ts';
import { getNodes } from './nodes/node-reads.ts';
import { keepTouchedPairs, pairPosition, verifyPairsAfter } from './verify-pair-store.ts';
import { getTaxCodes } from './tax-code-store.ts';
import { getCounterparties } from './counterparty-store.ts';
import { getSchedules } from './schedule-reads.ts';
import { getApprovalPolicy } from './approval-policy-store.ts';
import { getYear } from './year-store.ts';
import { attachmentFileEvidence } from './attachment-evidence-ports.ts';

/**
 * Verify's port (audit/store.ts AuditVerifying): the walk's reads, the run's kept pairs, its
 * cursors. Accounts and cost centers through the node reads themselves, not the kinds' stores,
 * whose classes carry every read (pages too) into the bundle.
 */
export const auditVerifying: AuditVerifying = {
  bulkRuns,
  sequence: sequenceEvents,
  chainHead: eventHead,
  signCursor: encodeCursor,
  readCursor: decodeCursor,
  getJournals,
  getYear,
  pairKey,
  ledgerEntriesAt,
  // The balances are checked once the walk is done, by the requests that get that far: their reads load then.
  figuresOnce: async (...read) => (await import('./audit-figures.ts')).accountPeriodFiguresOnce(...read),
  figures: async (...read) => (await import('./audit-figures.ts')).accountPeriodFigures(...read),
  accounts: (companyId, ids) => getNodes('ACCOUNT', companyId, ids),
  costCenters: (companyId, ids) => getNodes('COST_CENTER', companyId, ids),
  taxCodes: getTaxCodes,
  counterparties: getCounterparties,
  schedules: getSchedules,
  approvalPolicy: getApprovalPolicy,
  lastVersionOf,
  journalVersions,
  getEvent,
  eventsBetween,
  pendingEverywhere,
  oldestKeptSequence,
  keepTouchedPairs,
  pairPosition,
  verifyPairsAfter,
  attachmentFiles: attachmentFileEvidence,
  // The archive's reads, and what reads the bucket, load only for a company that has archived segments.
  eventArchive: async (companyId) => {
    const from = await archivedFrom(companyId);
    return from === undefined ? undefined : { from, ...(await import('../documents/archive-reads.ts')).archiveReads };
  },
};
