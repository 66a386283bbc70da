import type { ActorRef } from '../auth/actor.ts';
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
  /** The record as the write's response showed it, less one-time secrets; null for deletions and when too large. */
  data: Record<string, unknown> | null;
  /** True when the data was left out for its size: read the record by its id. */
  dataOmitted: boolean;
}

/** An event once the sequencer has numbered it. */
export type SequencedEvent = EventRecord & { sequence: number };

/** Larger states are left out (an event item stays far below DynamoDB's 400 KB). */
export const MAX_DATA_CHARS = 32_000;

/** Events are kept this long after they occur (the feed's promise is 30 days). */
export const EVENT_RETENTION_DAYS = 35;

export interface EventSource {
  eventId: string;
  type: EventType;
  companyId: string;
  actor: EventRecord['actor'];
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
    data: tooLarge ? null : data,
    dataOmitted: tooLarge,
  };
}
