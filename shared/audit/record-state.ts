import type { EventType } from '../events/event-types.ts';
import { canonicalJson, sha256Hex } from './chain.ts';

/**
 * Which records the audit follows version by version (pure): journals, accounts, cost
 * centers, tax codes, counterparties, the approval policy and schedules (recurring templates). Their events carry a digest of the record's state after the change (`recordDigest`),
 * which Verify compares with the record as the table holds it, and their versions are kept as
 * history.
 */
export type AuditedKind = 'journal' | 'account' | 'costCenter' | 'taxCode' | 'counterparty' | 'approvalPolicy' | 'schedule';

/** The record kind each event type describes; types absent here describe other records. */
export const AUDITED_KIND_OF: Partial<Record<EventType, AuditedKind>> = {
  JournalCreated: 'journal',
  JournalUpdated: 'journal',
  JournalPosted: 'journal',
  JournalVoided: 'journal',
  JournalAdjusted: 'journal',
  JournalReversed: 'journal',
  ClosingJournalGenerated: 'journal',
  AccountCreated: 'account',
  AccountChanged: 'account',
  AccountDeleted: 'account',
  CostCenterCreated: 'costCenter',
  CostCenterChanged: 'costCenter',
  CostCenterActivated: 'costCenter',
  CostCenterDeactivated: 'costCenter',
  CostCenterDeleted: 'costCenter',
  TaxCodeCreated: 'taxCode',
  TaxCodeChanged: 'taxCode',
  CounterpartyCreated: 'counterparty',
  CounterpartyChanged: 'counterparty',
  JournalSubmitted: 'journal',
  JournalApproved: 'journal',
  JournalRejected: 'journal',
  ApprovalPolicyChanged: 'approvalPolicy',
  ScheduleCreated: 'schedule',
  ScheduleChanged: 'schedule',
};

/**
 * Fields of a record's answer that other records decide: a node's `path` follows its ancestors'
 * codes, an account's `classification` its root's, and its `cashFlowCategory`, when not set,
 * defaults by that classification; a schedule's `lastSettledDate` and `nextOccurrenceDate` move
 * as the worker settles occurrences (their own items and events record that); all change without
 * an event of the record.
 */
const DERIVED_FIELDS = new Set(['path', 'classification', 'cashFlowCategory', 'lastSettledDate', 'nextOccurrenceDate']);

/**
 * Fields answers gained after records existed (a journal's who-did-what, an account's standard
 * and grouping codes): left out of the digest
 * while empty (null, no item), so a record written before them keeps the digest its events hold.
 */
const LATER_FIELDS = new Set(['importId', 'createdBy', 'editedBy', 'updatedBy', 'submittedBy', 'submittedAt', 'approvals', 'approvedBy', 'approvedAt', 'rejection', 'postedBy', 'postedAt', 'voidedBy', 'voidedAt', 'standardAccountCode', 'groupingCategory', 'groupingCode']);
const empty = (value: unknown) => value === null || (Array.isArray(value) && value.length === 0);

/**
 * A journal's marker of later fields filled from its history after its events were made
 * (journals/fill-authors.ts; the audit's answer carries it: record-audit.ts). The events' digests
 * were made without them, so the digest leaves them out; Verify checks them against the history
 * instead (filled-authors-audit.ts). Only later fields: a marker naming another field leaves it in.
 */
const FILLED_MARKER = 'authorsFromHistory';
const filledFields = (answer: Record<string, unknown>): Set<unknown> => {
  const named = answer[FILLED_MARKER];
  return new Set(Array.isArray(named) ? named.filter((field) => LATER_FIELDS.has(field as string)) : []);
};

/** What of a record's answer its own item decides: the answer less derived fields (and later fields while empty, or filled from history). */
export function ownState(answer: Record<string, unknown>): Record<string, unknown> {
  const filled = filledFields(answer);
  return Object.fromEntries(
    Object.entries(answer).filter(([field, value]) => field !== FILLED_MARKER && !filled.has(field) && !DERIVED_FIELDS.has(field) && !(LATER_FIELDS.has(field) && empty(value))),
  );
}

/**
 * The digest an event of `type` carries of its record's state, or null (a deletion, or a type
 * the audit does not follow): SHA-256 of the canonical JSON of the record's own state.
 */
export function recordDigest(type: EventType, answer: Record<string, unknown> | null): string | null {
  if (!AUDITED_KIND_OF[type] || !answer) return null;
  return sha256Hex(canonicalJson(ownState(answer)));
}
