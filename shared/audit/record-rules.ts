import type { SequencedEvent } from '../events/event-record.ts';
import { describeEvent, type Break } from './chain-walk.ts';
import { recordDigest, type AuditedKind } from './record-state.ts';

/** A record as the table holds it now: its version and its answer (as a GET would show it). */
export interface CurrentRecord {
  version: number;
  answer: Record<string, unknown>;
}

const NAMES: Record<AuditedKind, string> = { journal: 'journal', account: 'account', costCenter: 'cost center', taxCode: 'tax code', counterparty: 'counterparty', approvalPolicy: 'approval policy', schedule: 'schedule' };

export const recordName = (kind: AuditedKind, id: string) => `${NAMES[kind]} ${id}`;

/**
 * The record against the last event of it the audit walked (pure):
 *
 *   event a deletion      -> the record must be gone
 *   record missing        -> broken
 *   record at the event's version  -> its own state must have the event's recordDigest (an
 *                                     event that recorded none was written before its kind was
 *                                     audited, the templates' before 2026-11-30: the chain holds it)
 *   record behind the event        -> broken (an event recorded a version the table lacks)
 *   record ahead of the event      -> `ahead`: a later event must record its version
 */
export function checkRecord(kind: AuditedKind, e: SequencedEvent, current: CurrentRecord | undefined): { broken?: Break; ahead?: true } {
  const name = recordName(kind, e.recordId);
  const at = (reason: string) => ({ broken: { sequence: e.sequence, reason: `${name} ${reason}` } });
  if (e.type.endsWith('Deleted')) return current ? at(`was deleted by ${describeEvent(e)}, yet it is in the table (version ${current.version})`) : {};
  if (!current) return at(`is missing from the table, though ${describeEvent(e)} recorded its version ${e.version}`);
  if (current.version < e.version) return at(`is at version ${current.version} in the table, though ${describeEvent(e)} recorded version ${e.version}`);
  if (current.version > e.version) return { ahead: true };
  if (e.recordDigest !== null && recordDigest(e.type, current.answer) !== e.recordDigest) return at(`(version ${e.version}) differs from what ${describeEvent(e)} recorded: it was changed outside the service`);
  return {};
}
