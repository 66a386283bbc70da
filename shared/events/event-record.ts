import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { ActorRef } from '../auth/actor.ts';
import { AUDITED_KIND_OF, recordDigest } from '../audit/record-state.ts';
import { withoutSecrets } from '../schemas/one-time-secrets.ts';
import type { EventType } from './event-types.ts';

/**
 * What an event says, built from the committed write's request and response (pure): the
 * record it is about, its new version, who acted, when, and its new data.
 */
export interface EventRecord {
  eventId: string;
  type: EventType;
  companyId: string;
  recordId: string;
  version: number;
  actor: ActorRef;
  occurredAt: string;
  /** The request that made the change (its `x-request-id`); null for a change finished by job recovery. */
  requestId: string | null;
  /** The record as the write's response showed it, less one-time secrets; null for deletions and when too large. */
  data: Record<string, unknown> | null;
  /** True when the data was left out for its size: read the record by its id. */
  dataOmitted: boolean;
  /** For journals, accounts and cost centers: a digest of the record's own state after the change (audit/record-state.ts), kept when the data is left out. */
  recordDigest: string | null;
  /**
   * Journals, accounts and cost centers only, when `data` was left out for its size: the state
   * as gzip-compressed JSON, for the record's history (audit/history.ts); never in the feed.
   */
  omittedState?: Uint8Array | undefined;
}

/**
 * An event once the sequencer has numbered it, and chained it: `hash` covers the event and
 * `previousHash` (audit/chain.ts). Both null on events numbered before the chain, or with it off.
 */
export type SequencedEvent = EventRecord & { sequence: number; previousHash: string | null; hash: string | null };

/** Larger states are left out (an event item stays far below DynamoDB's 400 KB). */
export const MAX_DATA_CHARS = 32_000;

export interface EventSource {
  eventId: string;
  type: EventType;
  companyId: string;
  actor: EventRecord['actor'];
  requestId: string | null;
  /** The request's path parameters and body, and the 200 body it will answer. */
  params: Readonly<Record<string, string>>;
  body: unknown;
  response: unknown;
  now: Date;
}

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * The record is the response's (its `id`, `userId` for members) or, for a deletion, the path's
 * last parameter; settings are the company's own record. The version is the response's, or for
 * a deletion the one after the version it deleted.
 */
export function eventRecord(source: EventSource): EventRecord {
  const response = asObject(source.response);
  const body = asObject(source.body);
  const pathIds = Object.entries(source.params).filter(([name]) => name !== 'companyId');
  const recordId = String(response?.id ?? response?.userId ?? pathIds.at(-1)?.[1] ?? source.companyId);
  const version = typeof response?.version === 'number' ? response.version : typeof body?.version === 'number' ? body.version + 1 : 1;
  // A secret shown once never outlives its response (schemas/one-time-secrets.ts).
  const data = response ? withoutSecrets(response) : null;
  const tooLarge = data !== null && JSON.stringify(data).length > MAX_DATA_CHARS;
  return {
    eventId: source.eventId,
    type: source.type,
    companyId: source.companyId,
    recordId,
    version,
    actor: source.actor,
    occurredAt: source.now.toISOString(),
    requestId: source.requestId,
    data: tooLarge ? null : data,
    dataOmitted: tooLarge,
    recordDigest: recordDigest(source.type, data),
    ...(tooLarge && AUDITED_KIND_OF[source.type] ? { omittedState: gzipSync(JSON.stringify(data)) } : {}),
  };
}

/**
 * The event of a record a write makes beside the one its request's own event describes (each
 * journal an import approval approves, each code loaded, each match found, each record an import
 * job writes): in the name of `actor`, of no request, the record the answer `view` of it.
 */
export function writtenRecordEvent(type: EventType, companyId: string, actor: EventRecord['actor'], view: unknown, now = new Date()): EventRecord {
  return eventRecord({ eventId: randomUUID(), type, companyId, actor, requestId: null, params: { companyId }, body: {}, response: view, now });
}
